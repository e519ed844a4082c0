/**
 * Chakra's styles, taken out of the HTML of a page rendered in advance and written once, for the
 * page's `<head>`. React's server renderer leaves Emotion's `<style data-emotion="…">` tags inline,
 * one before each element that first uses a style, and the page carries two copies (English and
 * Welsh, webpack.config.ts): every rule came twice, about half of the page's HTML, and the browser
 * parsed the two copies' style sheets (45 on /login) while it parsed the page.
 *
 * Written as Emotion's own server rendering writes them (its `extractCritical`): each global
 * style in a tag of its own, `data-emotion="css-global <name>"`, where Emotion's `Global` looks for
 * it; each run of class styles in one tag, `data-emotion="css <id> <id> …"`. The Emotion cache the
 * app creates takes these tags over and inserts none of their styles again. The order is the
 * order they came in, so the cascade is the same.
 */
export function hoistPageStyles(copies: string[]): { styles: string; copies: string[] } {
  const styleTag = /<style data-emotion="([^" ]+) ([^"]+)">([\s\S]*?)<\/style>/g;
  const seen = new Set<string>();
  const runs: Array<{ key: string; ids: string[]; css: string[] }> = [];
  const withoutStyles = copies.map((copy) =>
    copy.replace(styleTag, (_tag, key: string, ids: string, css: string) => {
      const name = `${key} ${ids}`;
      if (seen.has(name)) return '';
      seen.add(name);
      const last = runs.at(-1);
      // Global styles keep a tag each; class styles that come together share one.
      if (key.endsWith('-global') || last?.key !== key) {
        runs.push({ key, ids: [ids], css: [css] });
      } else {
        last.ids.push(ids);
        last.css.push(css);
      }
      return '';
    }),
  );
  const styles = runs
    .map(
      ({ key, ids, css }) =>
        `<style data-emotion="${key} ${ids.join(' ')}">${css.join('')}</style>`,
    )
    .join('');
  return { styles, copies: withoutStyles };
}
