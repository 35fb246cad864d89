// Documents uploaded to be read by a model: their text, and that text in model-sized chunks.
export { type ChunkOptions, chunkText, DEFAULT_CHUNK_SIZE } from "./chunk-text.ts";
export { DocumentError } from "./document-error.ts";
export {
  type DocumentFile,
  type DocumentKind,
  type ExtractedText,
  extractText,
} from "./extract-text.ts";
