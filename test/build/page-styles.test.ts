import { hoistPageStyles } from '../../scripts/stack/page-styles';

// Emotion's tags as React's server renderer leaves them, one before each element that first uses
// a style, in each language's copy of a page (webpack.config.ts, `PageHtml`).
const layers = '<style data-emotion="css-global ad1llf">@layer reset,base;</style>';
const tokens = '<style data-emotion="css-global fewap8">:root{--teal:#0f766e}</style>';
const card = '<style data-emotion="css 1invkib">.css-1invkib{max-width:28rem}</style>';
const heading = '<style data-emotion="css eprwor">.css-eprwor{font-size:1.25rem}</style>';
const english =
  `${layers}${tokens}${card}<div class="css-1invkib">${heading}` +
  '<h1 class="css-eprwor">Sign in to Kerbside</h1></div>';
const welshOnly = '<style data-emotion="css 1wtw6q6">.css-1wtw6q6{color:red}</style>';
const welsh =
  `${layers}${tokens}${card}<div class="css-1invkib">${heading}` +
  `<h1 class="css-eprwor">Mewngofnodi i Kerbside</h1>${welshOnly}<p class="css-1wtw6q6">!</p></div>`;

test("a page's two copies give their styles once each, in the order they came, and keep none inline", () => {
  const { styles, copies } = hoistPageStyles([english, welsh]);
  expect(styles).toBe(
    '<style data-emotion="css-global ad1llf">@layer reset,base;</style>' +
      '<style data-emotion="css-global fewap8">:root{--teal:#0f766e}</style>' +
      '<style data-emotion="css 1invkib eprwor 1wtw6q6">' +
      '.css-1invkib{max-width:28rem}.css-eprwor{font-size:1.25rem}.css-1wtw6q6{color:red}</style>',
  );
  expect(copies).toEqual([
    '<div class="css-1invkib"><h1 class="css-eprwor">Sign in to Kerbside</h1></div>',
    '<div class="css-1invkib"><h1 class="css-eprwor">Mewngofnodi i Kerbside</h1>' +
      '<p class="css-1wtw6q6">!</p></div>',
  ]);
});

test('a global style after class styles keeps its place in the cascade, in a tag of its own', () => {
  const late = '<style data-emotion="css-global 9x">.late{color:blue}</style>';
  const { styles } = hoistPageStyles([`${card}<div></div>${late}${heading}<h1></h1>`]);
  expect(styles).toBe(
    '<style data-emotion="css 1invkib">.css-1invkib{max-width:28rem}</style>' +
      '<style data-emotion="css-global 9x">.late{color:blue}</style>' +
      '<style data-emotion="css eprwor">.css-eprwor{font-size:1.25rem}</style>',
  );
});
