// `npx tsx scripts/make-icons.ts`: the install icons in public/icons/, drawn from public/favicon.svg
// so the home-screen icon is the same artwork as the tab's. Run it again after the artwork changes.
import fs from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';

const publicDir = path.resolve(__dirname, '../public');
const artwork = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const letterPath = /<path d="([^"]+)"/.exec(artwork)?.[1];
const background = /<rect[^>]*fill="([^"]+)"/.exec(artwork)?.[1];
if (!letterPath || !background) throw new Error('favicon.svg no longer has its rect and path.');

// A launcher crops a maskable icon to any shape within the central 80%: a square without rounded
// corners, with the letter shrunk into that safe zone.
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/><path transform="translate(4.8 4.8) scale(0.7)" d="${letterPath}" fill="#fff"/></svg>`;

const icons = [
  { file: 'icon-192.png', svg: artwork, size: 192 },
  { file: 'icon-512.png', svg: artwork, size: 512 },
  { file: 'icon-maskable-512.png', svg: fullBleed, size: 512 },
  { file: 'apple-touch-icon.png', svg: fullBleed, size: 180 },
];

for (const icon of icons) {
  const png = new Resvg(icon.svg, { fitTo: { mode: 'width', value: icon.size } }).render().asPng();
  fs.writeFileSync(path.join(publicDir, 'icons', icon.file), png);
  console.log(`public/icons/${icon.file} (${icon.size}×${icon.size})`);
}
