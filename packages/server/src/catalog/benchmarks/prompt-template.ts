const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/**
 * Fills `{{name}}` placeholders in one pass, so a value that itself contains `{{…}}` (benchmark
 * text is arbitrary) is inserted literally instead of being expanded again.
 */
export function renderPromptTemplate(template: string, values: Record<string, string>): string {
  return template.replace(PLACEHOLDER, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) {
      throw new Error(`prompt template placeholder {{${name}}} has no value`);
    }
    return value;
  });
}
