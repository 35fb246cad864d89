// Parsing and validation of an uploaded custom benchmark file. Nothing here touches storage: the
// caller streams the upload in and imports the rows it gets back, or nothing.
export { DatasetFileError, type DatasetFormat, type RowProblem } from "./dataset-file-error.ts";
export {
  type ParseDatasetOptions,
  type ParsedDataset,
  parseDatasetFile,
} from "./parse-dataset-file.ts";
export { CHAT_ROLES, type DatasetInputType, type DatasetRow } from "./row-schema.ts";
