import { readFileSync } from "node:fs";
import { constants, createDeflate } from "node:zlib";
import { describe, expect, it } from "vitest";
import { DocumentError } from "./document-error.ts";
import { type DocumentFile, extractText } from "./extract-text.ts";

const file = (filename: string, content: string | Uint8Array, contentType = ""): DocumentFile => ({
  filename,
  contentType,
  bytes: typeof content === "string" ? new TextEncoder().encode(content) : content,
});

async function refusal(document: DocumentFile): Promise<DocumentError> {
  const error = await extractText(document).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof DocumentError)) throw new Error("expected a DocumentError");
  return error;
}

describe("extractText: text and Markdown", () => {
  it("decodes UTF-8, drops a BOM, normalizes line ends and trims", async () => {
    const bytes = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode("  Café €\r\nline 2\r\n\n"),
    ]);
    expect(await extractText(file("notes.txt", bytes))).toEqual({
      text: "Café €\nline 2",
      kind: "text",
    });
  });

  it("keeps Markdown as written", async () => {
    const md = "# Title\n\n- one\n- **two**";
    expect(await extractText(file("README.md", md))).toEqual({ text: md, kind: "markdown" });
  });

  it("refuses invalid UTF-8, naming the file", async () => {
    const error = await refusal(file("latin1.txt", new Uint8Array([0x43, 0x61, 0x66, 0xe9])));
    expect(error.filename).toBe("latin1.txt");
    expect(error.message).toMatch(/^latin1\.txt: not valid UTF-8/);
  });

  it("refuses binary content that happens to be valid UTF-8", async () => {
    const error = await refusal(
      file("data.txt", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0x41])),
    );
    expect(error.message).toBe("data.txt: a binary file, not text");
  });

  it("refuses a file of an unknown type that is not text, listing what is supported", async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0xff, 0xfe]);
    const error = await refusal(file("report.docx", zip, "application/octet-stream"));
    expect(error.message).toMatch(
      /^report\.docx: not a supported document: upload PDF, plain text/,
    );
  });

  it("refuses a document with no text", async () => {
    expect((await refusal(file("empty.txt", ""))).message).toBe(
      "empty.txt: the document has no text",
    );
    expect((await refusal(file("blank.md", " \n\t\n"))).reason).toBe("the document has no text");
  });
});

describe("extractText: type detection", () => {
  it("goes by the extension first, whatever the content type says", async () => {
    const result = await extractText(file("table.csv", "a,b\n1,2", "text/plain"));
    expect(result.kind).toBe("csv");
  });

  it("goes by the content type when the extension is unknown", async () => {
    expect(
      (await extractText(file("export", '{"a":1}', "application/json; charset=utf-8"))).kind,
    ).toBe("json");
    expect((await extractText(file("notes.log", "hello", "text/x-log"))).kind).toBe("text");
  });

  it("reads a file with neither known as text when it is text", async () => {
    expect(await extractText(file("notes", "plain words"))).toEqual({
      text: "plain words",
      kind: "text",
    });
  });
});

describe("extractText: JSON", () => {
  it("renders an array of objects as one record per paragraph", async () => {
    const data = [
      { name: "Ada", born: 1815, tags: ["math", "poetry"], spouse: null },
      { name: "Alan", born: 1912, address: { city: "London" } },
    ];
    expect(await extractText(file("people.json", JSON.stringify(data)))).toEqual({
      kind: "json",
      text:
        "name: Ada\nborn: 1815\ntags: math, poetry\n\n" +
        'name: Alan\nborn: 1912\naddress: {"city":"London"}',
    });
  });

  it("pretty-prints anything else", async () => {
    const result = await extractText(file("config.json", '{"a":{"b":[1,2]}}'));
    expect(result.text).toBe('{\n  "a": {\n    "b": [\n      1,\n      2\n    ]\n  }\n}');
  });

  it("renders JSON Lines records like an array", async () => {
    const result = await extractText(file("rows.jsonl", '{"q":"a"}\n\n{"q":"b"}\n'));
    expect(result).toEqual({ kind: "json", text: "q: a\n\nq: b" });
  });

  it("refuses invalid JSON and empty JSON", async () => {
    expect((await refusal(file("bad.json", "{nope"))).message).toMatch(
      /^bad\.json: not valid JSON/,
    );
    expect((await refusal(file("bad.jsonl", '{"a":1}\n{nope'))).message).toMatch(/on line 2/);
    expect((await refusal(file("empty.json", "[]"))).reason).toBe("the document has no text");
  });
});

describe("extractText: CSV", () => {
  it("renders each row as a paragraph of header: value lines", async () => {
    const csv =
      'city,country,note\r\n"Paris","France","capital, ""City of Light""\r\nsince 508"\r\n' +
      "Lyon,France,\r\n";
    expect(await extractText(file("cities.csv", csv))).toEqual({
      kind: "csv",
      text:
        'city: Paris\ncountry: France\nnote: capital, "City of Light"\nsince 508\n\n' +
        "city: Lyon\ncountry: France",
    });
  });

  it("names unnamed and extra columns by position", async () => {
    const result = await extractText(file("t.csv", "a,\n1,2,3"));
    expect(result.text).toBe("a: 1\ncolumn 2: 2\ncolumn 3: 3");
  });

  it("reads TSV by its extension", async () => {
    expect((await extractText(file("t.tsv", "a\tb\n1,5\t2"))).text).toBe("a: 1,5\nb: 2");
  });

  it("refuses broken CSV and a CSV with only a header", async () => {
    expect((await refusal(file("bad.csv", 'a\n"open'))).message).toMatch(
      /^bad\.csv: not valid CSV: line 2: a quoted field is never closed/,
    );
    expect((await refusal(file("header.csv", "a,b\n"))).reason).toBe("the document has no text");
  });
});

describe("extractText: PDF", () => {
  // Printed by Chromium, the encrypted copy by qpdf (test/fixtures/documents/make-pdfs.ts).
  const fixture = (name: string) =>
    new Uint8Array(
      readFileSync(new URL(`../../../test/fixtures/documents/${name}`, import.meta.url)),
    );

  it("reads the text layer page after page, by extension, content type or signature", async () => {
    const bytes = fixture("handbook.pdf");
    for (const document of [
      file("handbook.pdf", bytes),
      file("handbook", bytes, "application/pdf"),
      file("handbook", bytes, "application/octet-stream"),
      // What the blob store hands over.
      file("handbook.pdf", Buffer.from(bytes)),
    ]) {
      const { text, kind } = await extractText(document);
      expect(kind).toBe("pdf");
      expect(text).toMatch(/^Veridian Lake Station: field handbook\n/);
      expect(text).toContain("three buoys named\nKestrel, Heron and Osprey.");
      expect(text).toContain("Naïve visitors from Zürich");
      // Page 1 comes before page 2.
      expect(text.indexOf("Osprey")).toBeLessThan(text.indexOf("Safety"));
    }
    // pdf.js got a copy: the caller's bytes are still whole.
    expect(bytes.byteLength).toBe(
      readFileSync(new URL(`../../../test/fixtures/documents/handbook.pdf`, import.meta.url))
        .byteLength,
    );
  });

  it("refuses an encrypted PDF, one without text and one that is not a PDF, naming the file", async () => {
    expect((await refusal(file("locked.pdf", fixture("handbook-encrypted.pdf")))).message).toBe(
      "locked.pdf: the PDF is protected by a password: upload a copy without one",
    );
    expect((await refusal(file("scan.pdf", fixture("scan.pdf")))).reason).toMatch(
      /^the PDF has no text layer \(a scan\?\)/,
    );
    const truncated = fixture("handbook.pdf").subarray(0, 2000);
    for (const bytes of [truncated, new TextEncoder().encode("%PDF-1.7\n%âãÏÓ\n1 0 obj")])
      expect((await refusal(file("paper.pdf", bytes))).reason).toMatch(/^not a readable PDF \(/);
  });

  it("stops reading a PDF whose stream expands past its memory bound; others keep theirs", async () => {
    // 1 MB on disk, a page whose content stream inflates to 1 GB of spaces; a real PDF given at
    // the same time waits its turn and is read as if alone.
    const [bomb, handbook] = await Promise.all([
      refusal(file("bomb.pdf", await expandingPdf(1024))),
      extractText(file("handbook.pdf", fixture("handbook.pdf"))),
    ]);
    expect(bomb.reason).toMatch(/^reading the PDF needs more than 512 MB/);
    expect(handbook.text).toMatch(/^Veridian Lake Station: field handbook\n/);
  });
});

/** A one-page PDF whose content stream is `megabytes` MB of spaces, deflated (about 1,000:1). */
async function expandingPdf(megabytes: number): Promise<Uint8Array> {
  const deflate = createDeflate({ strategy: constants.Z_RLE });
  const chunks: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => chunks.push(chunk));
  const spaces = Buffer.alloc(1024 * 1024, " ");
  for (let i = 0; i < megabytes; i++)
    if (!deflate.write(spaces)) await new Promise((resolve) => deflate.once("drain", resolve));
  await new Promise((resolve) => deflate.end(resolve));
  const content = Buffer.concat(chunks);
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
    [`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`, content, "\nendstream"],
  ];
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n")];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  for (const [i, object] of objects.entries()) {
    offsets.push(length);
    const body = [`${i + 1} 0 obj\n`, ...[object].flat(), "\nendobj\n"].map((part) =>
      typeof part === "string" ? Buffer.from(part, "latin1") : part,
    );
    parts.push(...body);
    length += body.reduce((n, part) => n + part.length, 0);
  }
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`),
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
  ].join("");
  parts.push(Buffer.from(xref, "latin1"));
  return new Uint8Array(Buffer.concat(parts));
}
