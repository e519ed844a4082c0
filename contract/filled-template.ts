/**
 * A template with `{name}` placeholders, its values put in (a placeholder without one is left):
 * the API host's words with a figure (./host-texts.ts) as it answers them, and any English id
 * with values (machines/say-message.ts). A module of its own, so that neither carries the other.
 */
export function filledTemplate(
  template: string,
  values: Readonly<Record<string, unknown>>,
): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}
