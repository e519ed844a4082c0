/**
 * The messages an API error body holds under one key, as Django REST framework shapes them:
 * a list of strings (`{"vrm": ["…"]}`) or a lone string (`{"detail": "…"}`). Blank or non-string
 * entries are dropped, so a body of another shape (an HTML page from a proxy) yields none.
 */
export function fieldMessages(body: unknown, name: string): string[] {
  if (typeof body !== 'object' || body === null || !(name in body)) return [];
  const value = (body as Record<string, unknown>)[name];
  const candidates: unknown[] = Array.isArray(value) ? value : [value];
  return candidates
    .filter((message): message is string => typeof message === 'string')
    .map((message) => message.trim())
    .filter((message) => message !== '');
}
