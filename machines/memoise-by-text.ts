/**
 * `answer` with its answers remembered, for a pure function of a text that a screen asks again and
 * again: My Permits formats each row's times and finds each row's weekly series at every render
 * and every self-refresh, and reading a London time through luxon costs a time-zone look-up each
 * time (docs/performance.md). At most `limit` answers are kept; past that the oldest goes.
 */
export function memoiseByText<T>(answer: (text: string) => T, limit = 2000): (text: string) => T {
  const answers = new Map<string, T>();
  return (text) => {
    if (answers.has(text)) return answers.get(text) as T;
    const value = answer(text);
    if (answers.size >= limit) answers.delete(answers.keys().next().value as string);
    answers.set(text, value);
    return value;
  };
}
