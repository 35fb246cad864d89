import type { CatalogBenchmark } from "@assay/client";

/**
 * A built-in benchmark in words, for `assay catalog show`: what it is, where its data comes from
 * and under which license, what the model is sent, how its answer is taken and graded, and what
 * a run reports. Everything a reviewer needs to judge whether its numbers compare with others'.
 */
export function describeBenchmark(b: CatalogBenchmark): string {
  const lines = [
    `${b.name} (${b.key})`,
    "",
    b.description,
    "",
    field("Prompts", `${b.prompt_count.toLocaleString("en-US")}`),
    field("Categories", b.categories.join(", ")),
    field("Source", b.source.url),
    field("About", b.source.homepage),
    field("License", b.source.license),
  ];
  if (b.source.gated) lines.push(field("Gated", b.source.gated));
  lines.push(
    field(
      "Data",
      b.loaded
        ? `loaded, version ${b.version?.slice(0, 12)}…`
        : b.source.gated
          ? `not loaded: assay catalog import ${b.key} --file <your copy>`
          : "not loaded: downloaded on first use, or now with assay catalog import",
    ),
    field("Scorer", b.scoring.scorer),
    field("Extraction", b.scoring.answer_extraction),
  );
  if (b.scoring.regex_pattern) lines.push(field("Pattern", b.scoring.regex_pattern));
  lines.push(
    field("Reports", reports(b)),
    "",
    "Prompt template:",
    indent(b.scoring.prompt_template),
  );
  return lines.join("\n");
}

function reports(b: CatalogBenchmark): string {
  const figures = b.figures.map((f) => `${f.name} (${f.description})`);
  return ["accuracy", ...figures].join("; ");
}

const LABEL_WIDTH = 12;

function field(label: string, value: string): string {
  return `${`${label}:`.padEnd(LABEL_WIDTH)}${value}`;
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
}
