/** A plain-text table: columns padded to their widest cell, numbers right-aligned. */
export function formatTable(
  headers: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const numeric = /^[-+]?[\d.,]+(?: ?[a-z%×/]+)?$/i;
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => {
        const width = widths[column] ?? cell.length;
        return numeric.test(cell) ? cell.padStart(width) : cell.padEnd(width);
      })
      .join(' | ')
      .trimEnd();
  return [
    line(headers),
    widths.map((width) => '-'.repeat(width)).join('-|-'),
    ...rows.map(line),
  ].join('\n');
}
