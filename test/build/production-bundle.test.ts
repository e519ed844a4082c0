import fs from 'node:fs';
import path from 'node:path';
import { pageContentSecurityPolicy } from '../../scripts/stack/content-security-policy';
import { inWelsh } from '../support/in-welsh';
import { productionBuild } from '../support/production-build';

const { site, stats } = productionBuild();

const emittedScripts = () =>
  fs
    .readdirSync(path.join(site, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({
      name,
      code: fs.readFileSync(path.join(site, 'assets', name), 'utf8'),
    }));

test('the production bundle contains none of the state-machine inspector', () => {
  const scripts = emittedScripts();
  expect(scripts.length).toBeGreaterThan(0);
  const withInspector = scripts.filter(({ code }) =>
    /statelyai|createBrowserInspector|Open inspector/.test(code),
  );
  expect(withInspector.map(({ name }) => name)).toEqual([]);
});

test("the pages build only the contract's schemas the app reads, none of the API host's requests", () => {
  // Each schema's OpenAPI id (contract/) stands for it in the minified code.
  const scripts = emittedScripts();
  const schemasIn = (ids: string[]) =>
    ids.filter((id) => scripts.some(({ code }) => code.includes(`id:"${id}"`)));
  expect(schemasIn(['Profile', 'PermitList', 'SiteSettings', 'VisitorPassList'])).toEqual([
    'Profile',
    'PermitList',
    'SiteSettings',
    'VisitorPassList',
  ]);
  expect(
    schemasIn([
      'LoginCredentials',
      'RegistrationDetails',
      'PermitCreatePayload',
      'PermitUpdatePayload',
      'VisitorPassCreatePayload',
      'VisitorBookingPayload',
    ]),
  ).toEqual([]);
});

test('every route is its own chunk, so the first screen loads only what it needs', () => {
  const { chunks = [] } = stats;
  const initial = chunks.filter((chunk) => chunk.initial);
  const lazy = chunks.filter((chunk) => !chunk.initial);
  const screensIn = (list: typeof chunks) =>
    list.flatMap((chunk) => chunk.origins ?? []).map((origin) => origin.request ?? '');

  expect(lazy.length).toBeGreaterThanOrEqual(5);
  expect(screensIn(lazy).some((request) => /register-screen/.test(request))).toBe(true);
  expect(screensIn(initial).some((request) => /register-screen/.test(request))).toBe(false);
});

test('the page loads its runtime configuration before the bundle', () => {
  const html = fs.readFileSync(path.join(site, 'index.html'), 'utf8');
  // The minifier may drop attribute quotes, so match with or without them.
  const configAt = html.search(/src="?\/config\.js/);
  const bundleAt = html.search(/src="?\/assets\/main\.[0-9a-f]+\.js/);
  expect(configAt).toBeGreaterThan(-1);
  expect(bundleAt).toBeGreaterThan(configAt);
  expect(fs.existsSync(path.join(site, 'config.js'))).toBe(true);
});

test('the public pages are rendered into HTML files of their own, in English and in Welsh, inert until the app starts, and precached', () => {
  const index = fs.readFileSync(path.join(site, 'index.html'), 'utf8');
  const serviceWorker = fs.readFileSync(path.join(site, 'service-worker.js'), 'utf8');
  const pages = [
    { file: 'login.html', title: 'Sign in – Kerbside', text: 'Sign in to Kerbside' },
    { file: 'register.html', title: 'Create your account – Kerbside', text: 'Create your account' },
    { file: 'forgot-password.html', title: 'Forgot password – Kerbside', text: 'Forgot Password' },
  ];
  const welshTitle = (page: string) =>
    inWelsh('{page} – {appName}', { page: inWelsh(page), appName: 'Kerbside' });
  const welshTitles: Record<string, string> = {
    'login.html': welshTitle('Sign in'),
    'register.html': welshTitle('Create your account'),
    'forgot-password.html': welshTitle('Forgot password'),
  };
  for (const { file, title, text } of pages) {
    const html = fs.readFileSync(path.join(site, file), 'utf8');
    const root = html.slice(html.search(/<div id="?root"?>/));
    expect([file, html.match(/<title>([^<]*)<\/title>/)?.[1]]).toEqual([file, title]);
    expect(root).toMatch(/^<div id="?root"?><div inert(="")? lang="?en-GB"?>/);
    const [english = '', welshCopy = ''] = root.split(/<div inert(?:="")? lang="?cy"?/);
    expect(english.replace(/<!-- -->/g, '')).toContain(text);
    // The Welsh copy, which public/language.js shows before the first paint to a resident who
    // chose Welsh, with its title beside it.
    expect(welshCopy).toContain(`data-title="${welshTitles[file]}"`);
    expect(welshCopy).not.toContain(text);
    expect(welshCopy).toContain('>English</a>');
    // Styled from the start: Chakra's styles come in the page's <head>, each once for both
    // copies (scripts/stack/page-styles.ts), none inline; and no screen is left loading.
    const head = html.slice(0, html.indexOf('</head>'));
    const styleIds = [...head.matchAll(/<style data-emotion="css ([^"]+)"/g)].flatMap(
      ([, ids = '']) => ids.split(' '),
    );
    expect(styleIds.length).toBeGreaterThan(10);
    expect(new Set(styleIds).size).toBe(styleIds.length);
    expect(head).toContain('<style data-emotion="css-global ');
    expect(root).not.toContain('<style');
    expect(root).not.toContain('Loading page');
    // The same scripts as every other page.
    const scripts = (page: string) => page.match(/<script[^>]*src=[^>]*>/g);
    expect(scripts(html)).toEqual(scripts(index));
    expect(serviceWorker).toContain(`url:"/${file}"`);
  }
  expect(index).toMatch(/<div id="?root"?><\/div>/);
});

test("a public page asks for its screen's code with its HTML; a signed-in page, whose screen waits for the session, asks only for the app's start", () => {
  const preloads = (file: string) =>
    fs.readFileSync(path.join(site, file), 'utf8').match(/<link rel=preload[^>]*>/g) ?? [];
  const appStart = preloads('index.html');
  expect(appStart.length).toBeGreaterThan(2);
  const login = preloads('login.html');
  expect(login).toEqual(expect.arrayContaining(appStart));
  expect(login.filter((link) => link.includes('/assets/screen-login.'))).toHaveLength(1);
  for (const signedIn of ['my-permits.html', 'add-permit.html', 'settings.html']) {
    expect([signedIn, preloads(signedIn)]).toEqual([signedIn, appStart]);
  }
});

test('every page, rendered in advance or not, carries the Content-Security-Policy before any script', () => {
  const pages = fs.readdirSync(site).filter((name) => name.endsWith('.html'));
  expect(pages).toEqual(expect.arrayContaining(['index.html', 'login.html', 'my-permits.html']));
  for (const page of pages) {
    const html = fs.readFileSync(path.join(site, page), 'utf8');
    const meta = /<meta http-equiv="?Content-Security-Policy"? content="([^"]*)"/.exec(html);
    expect([page, meta?.[1]]).toEqual([page, pageContentSecurityPolicy]);
    expect(html.indexOf('<script')).toBeGreaterThan(meta?.index ?? Infinity);
  }
});

test('source maps are written for the team but not linked from the served scripts', () => {
  const scripts = emittedScripts();
  expect(
    scripts.filter(({ code }) => /sourceMappingURL/.test(code)).map(({ name }) => name),
  ).toEqual([]);
  const maps = fs.readdirSync(path.join(site, 'assets')).filter((name) => name.endsWith('.js.map'));
  expect(maps.length).toBe(scripts.length);
});

test("every chunk opens with V8's compile hint, and its source map allows for its line", () => {
  const scripts = emittedScripts();
  expect(scripts.map(({ name }) => name.split('.')[0])).toEqual(
    expect.arrayContaining(['app-start', 'vendor-react', 'api-calls', 'screen-my-permits']),
  );
  for (const { name, code } of scripts) {
    // The first line, cut short: a minified chunk is one long line.
    expect([name, code.split('\n')[0]!.slice(0, 40)]).toEqual([
      name,
      '//# allFunctionsCalledOnLoad',
    ]);
    // The map's first mapped line is the code's first line after the hint and Terser's licence
    // note: had the hint been added after the map was written, every position would be a line out.
    const { mappings } = JSON.parse(
      fs.readFileSync(path.join(site, 'assets', `${name}.map`), 'utf8'),
    ) as { mappings: string };
    const unmappedLines = /^;*/.exec(mappings)![0].length;
    const firstCodeLine = code.split('\n').findIndex((line) => !/^(\/\/#|\/\*!)/.test(line));
    expect([name, unmappedLines]).toEqual([name, firstCodeLine]);
  }
});

test('the app can be installed: a manifest with standalone display and 192, 512 and maskable PNG icons', () => {
  const html = fs.readFileSync(path.join(site, 'index.html'), 'utf8');
  expect(html).toMatch(/<link rel="?manifest"? href="?\/manifest\.webmanifest/);
  expect(html).toMatch(/<link rel="?apple-touch-icon"? href="?\/icons\/apple-touch-icon\.png/);
  expect(html).toMatch(/<meta name="?theme-color"? content="?#0f766e/);

  const manifest = JSON.parse(fs.readFileSync(path.join(site, 'manifest.webmanifest'), 'utf8')) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
  };
  expect(manifest).toMatchObject({
    name: 'Kerbside visitor parking permits',
    short_name: 'Kerbside',
    start_url: '/',
    display: 'standalone',
    theme_color: '#0f766e',
    background_color: '#ffffff',
  });
  /** Width and height from the PNG's IHDR chunk, which a browser reads too. */
  const pngSize = (src: string) => {
    const png = fs.readFileSync(path.join(site, src));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
  };
  const icons = manifest.icons.map((icon) => ({
    purpose: icon.purpose,
    declared: icon.sizes,
    actual: pngSize(icon.src),
  }));
  expect(icons).toEqual([
    { purpose: 'any', declared: '192x192', actual: '192x192' },
    { purpose: 'any', declared: '512x512', actual: '512x512' },
    { purpose: 'maskable', declared: '512x512', actual: '512x512' },
  ]);
  expect(pngSize('icons/apple-touch-icon.png')).toBe('180x180');
});

test('the app installed in Welsh has its name and description in Welsh, and all else the same', () => {
  const read = (name: string) =>
    JSON.parse(fs.readFileSync(path.join(site, name), 'utf8')) as Record<string, unknown>;
  const english = read('manifest.webmanifest');

  expect(read('manifest.cy.webmanifest')).toEqual({
    ...english,
    name: 'Trwyddedau parcio i ymwelwyr Kerbside',
    description: 'Trwyddedau parcio i ymwelwyr ar gyfer preswylwyr',
    lang: 'cy',
  });
});
