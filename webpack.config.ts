import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import { GenerateSW } from 'workbox-webpack-plugin';
import { BannerPlugin, Compilation, sources, type Compiler, type Configuration } from 'webpack';

type Mode = 'development' | 'production';

// The app starts from a chunk loaded once the page has been painted (src/main.tsx): the libraries
// it needs are in no initial chunk, so their groups take them from every chunk.
const vendor = (name: string, test: RegExp) => ({
  name: `vendor-${name}`,
  test,
  chunks: 'all' as const,
  priority: 10,
  enforce: true,
});

/**
 * A babel-loader pass of its own over `test`, outside the app's babel config, running one plugin.
 * The plugin is named by its path: named, Babel's own look-up of it never settled when webpack ran
 * inside Jest (the development server of test/browser/inspector-button.test.ts).
 */
const babelPass = (test: RegExp, plugin: string, parserOpts?: { plugins: string[] }) => ({
  test,
  use: {
    loader: 'babel-loader',
    options: {
      babelrc: false,
      configFile: false,
      cacheDirectory: true,
      ...(parserOpts && { parserOpts }),
      plugins: [require.resolve(plugin)],
    },
  },
});

/**
 * The service worker of production builds: it precaches the app shell and every route's chunk,
 * and answers any navigation with the shell, so a reload without signal still shows the app.
 * `/config.js` differs per environment, so it is fetched first and cached only as the fallback.
 * Nothing else is cached: API answers (another origin, and one resident's data) never pass
 * through it.
 */
function offlineServiceWorker() {
  return new GenerateSW({
    swDest: 'service-worker.js',
    clientsClaim: true,
    // A new deploy waits until the resident chooses Reload (src/shell/update-available-notice.tsx).
    skipWaiting: false,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//],
    // Workbox's own two, and `lang`: the language link's address (src/i18n/language-link.tsx)
    // is the page's own, which public/language.js reads before the first paint.
    ignoreURLParametersMatching: [/^utm_/, /^fbclid$/, /^lang$/],
    exclude: [/\.map$/, /^config\.js$/, /LICENSE/],
    runtimeCaching: [
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.js',
        handler: 'NetworkFirst',
        options: { cacheName: 'kerbside-config', networkTimeoutSeconds: 3 },
      },
    ],
  });
}

/**
 * V8's explicit compile hint (Chromium 136 and later), first in every chunk: its functions are
 * compiled as the script streams in, on a background thread, rather than on the main thread the
 * first time each runs. A chunk loads when its code is about to run, and V8's samples put 5-10 ms
 * of each of My Permits' chunks' tasks in compiling the modules' factories on first call (decision
 * 025). My Permits at 5.6x, Lighthouse, 24 loads of each build alternating: the page's thread time
 * and TBT lower with every chunk hinted than with the app's start alone (docs/performance.md).
 * Added after Terser, which drops comments, and before the source maps, which it shifts a line.
 */
function compileHint() {
  return new BannerPlugin({
    banner: '//# allFunctionsCalledOnLoad',
    raw: true,
    test: /^assets\/.*\.js$/,
    stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
  });
}

/**
 * The chunk of the screen at `path` (src/shell/pages.ts names each import so): "screen" and the
 * path's words, "screen-settings-change-password" for /settings/change-password.
 */
const screenChunkName = (path: string) =>
  `screen-${path === '/' ? 'dashboard' : path.slice(1).replace(/\//g, '-')}`;

/**
 * `<link rel="preload">` for every script of the named chunk groups: the page asks for them with
 * its HTML, and the app runs them once the page has been painted (src/main.tsx). Low priority, as
 * deferred scripts have: they do not compete with what the first paint needs.
 */
function preloadLinks(compilation: Compilation, chunkGroupNames: string[]): string {
  const publicPath = String(compilation.outputOptions.publicPath ?? '/');
  const files = new Set<string>();
  for (const name of chunkGroupNames) {
    const group = compilation.namedChunkGroups.get(name);
    if (!group) throw new Error(`The build has no chunk group "${name}" to preload.`);
    for (const chunk of group.chunks) {
      for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
    }
  }
  return [...files]
    .map((file) => `<link rel=preload as=script fetchpriority=low href=${publicPath}${file}>`)
    .join('');
}

interface PrerenderedPage {
  path: string;
  title: string;
  /** A signed-in page, drawn as its frame while the session is checked. */
  waitsForSession: boolean;
  /** Chakra's styles of both copies, once each, for `<head>` (scripts/stack/page-styles.ts). */
  styles: string;
  html: string;
  /** The same page in Welsh (scripts/stack/prerender-pages.ts). */
  welsh: { title: string; html: string };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Every page's HTML asks for the app's code at once: index.html for the chunks that start the app
 * (src/shell/start-app.tsx), each public page rendered in advance for its screen's too.
 *
 * The pages rendered in advance (src/shell/prerender.tsx) are each written beside index.html as
 * `<path>.html`, the file a static host serves for `/<path>` (clean URLs), and the one the
 * service worker's precache answers it with (Workbox's `cleanURLs`). The sign-in form, and a
 * signed-in page's frame and heading, paint with the HTML instead of after the JavaScript, styled
 * from its `<head>`, where Chakra's styles of both copies come once each. The page is `inert`
 * until the app has hydrated it (src/shell/start-app.tsx), so nothing can be typed into it and
 * lost; that inner `<div inert>` is the element React hydrates. It is there in English and in
 * Welsh: public/language.js picks the one the device chose before the first paint, and the app
 * hydrates the copy of the language it starts in and removes the other.
 */
class PageHtml {
  constructor(private readonly prerender: boolean) {}

  apply(compiler: Compiler) {
    const name = 'PageHtml';
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After HtmlWebpackPlugin has written index.html, before Workbox lists what to precache.
        { name, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE + 1 },
        async () => {
          const index = compilation.getAsset('index.html')?.source.source().toString();
          // HtmlWebpackPlugin minifies production HTML: the quotes around "root" go.
          const emptyRoot = /<div id="?root"?><\/div>/;
          if (!index || !emptyRoot.test(index) || !index.includes('</head>')) {
            throw new Error('index.html has no </head> or no empty <div id="root"></div>.');
          }
          const withInHead = (tags: string) => index.replace('</head>', () => `${tags}</head>`);
          const appStart = 'app-start';
          compilation.updateAsset(
            'index.html',
            new sources.RawSource(withInHead(preloadLinks(compilation, [appStart]))),
          );
          if (!this.prerender) return;
          const { stdout } = await promisify(execFile)(
            process.execPath,
            [
              require.resolve('tsx/cli'),
              path.resolve(__dirname, 'scripts/stack/prerender-pages.ts'),
            ],
            { env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 64 * 1024 * 1024 },
          );
          for (const page of JSON.parse(stdout) as PrerenderedPage[]) {
            // A public page's screen is hydrated as soon as the app starts: its chunks come with
            // the HTML. A signed-in page's is needed only once the session is known, a few round
            // trips later: on a device where someone is signed in, the app asks for it after the
            // identity provider and the API client, which the session's check needs first
            // (src/shell/start-app.tsx), not before them.
            const preloads = preloadLinks(
              compilation,
              page.waitsForSession ? [appStart] : [appStart, screenChunkName(page.path)],
            );
            const html = withInHead(page.styles + preloads)
              .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
              .replace(
                emptyRoot,
                () =>
                  `<div id="root"><div inert lang="en-GB">${page.html}</div>` +
                  `<div inert lang="cy" data-title="${escapeHtml(page.welsh.title)}">` +
                  `${page.welsh.html}</div></div>`,
              );
            compilation.emitAsset(`${page.path.slice(1)}.html`, new sources.RawSource(html));
          }
        },
      );
    });
  }
}

/** The web app's bundle. `public/config.js` is copied as is: one build serves every environment. */
export function createWebpackConfig(mode: Mode, outputPath = path.resolve(__dirname, 'dist')) {
  const isProduction = mode === 'production';
  const config: Configuration = {
    mode,
    entry: path.resolve(__dirname, 'src/main.tsx'),
    output: {
      path: outputPath,
      publicPath: '/',
      filename: isProduction ? 'assets/[name].[contenthash].js' : 'assets/[name].js',
      chunkFilename: isProduction ? 'assets/[name].[contenthash].js' : 'assets/[name].js',
      // 12 hex digits, not webpack's 20: \`main\` lists every chunk's hash, and a hash does not
      // compress, so each digit costs /login bytes. 48 bits keep a changed chunk's name apart from
      // the one a browser cached for a year (scripts/stack/static-web-server.ts).
      hashDigestLength: 12,
      clean: true,
    },
    // Not an eval source map in development: the pages' Content-Security-Policy allows no eval
    // (scripts/stack/content-security-policy.ts).
    devtool: isProduction ? 'hidden-source-map' : 'cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: { loader: 'babel-loader', options: { cacheDirectory: true } },
        },
        ...(isProduction
          ? [
              // The statecharts' descriptions are for the inspector, which production leaves out.
              babelPass(
                /[\\/]machines[\\/].*\.ts$/,
                './scripts/babel/drop-statechart-descriptions.cjs',
                {
                  plugins: ['typescript'],
                },
              ),
            ]
          : []),
        // Chakra's theme and anatomy modules, and Ark's and Zag's anatomies, build every
        // recipe and anatomy at their top level with plain calls. Webpack and Terser keep a call
        // they cannot prove free of side effects, so the first recipe the app took brought every
        // anatomy, and the remnants of every recipe, with it. Those calls only build values:
        // marked pure, the ones the app never reads are dropped.
        babelPass(
          /node_modules[\\/](@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](anatomy\.js$|theme[\\/])|(@ark-ui|@zag-js)[\\/].*anatomy\.m?js$)/,
          'babel-plugin-annotate-pure-calls',
        ),
        // The same for contract/: its schemas are built by plain calls at the top level, so the
        // host's request schemas (sign-in, registration, a permit's create and update, a visitor's
        // booking) were built in every page that read an answer. Marked pure, only the schemas
        // the app reads are kept (their `.meta` ids serve the host's OpenAPI document, which no
        // page builds): 3.4 KB gzip less on My Permits (docs/performance.md).
        babelPass(/[\\/]contract[\\/].*\.ts$/, 'babel-plugin-annotate-pure-calls', {
          plugins: ['typescript'],
        }),
        // Emotion's build imports hoist-non-react-statics bare, for its `withTheme`, which nothing
        // here calls; the package does not say it has no side effects (it has none: it defines a
        // function, and react-is, which it requires, constants), so webpack kept both in every
        // page's code: 950 B gzip of /login's (docs/performance.md, "Bundle budget").
        { test: /node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/, sideEffects: false },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: path.resolve(__dirname, 'public/index.html'),
        scriptLoading: 'defer',
      }),
      new CopyWebpackPlugin({
        patterns: [
          {
            from: path.resolve(__dirname, 'public'),
            globOptions: { ignore: ['**/index.html'] },
          },
        ],
      }),
      new PageHtml(isProduction),
      ...(isProduction ? [offlineServiceWorker(), compileHint()] : []),
    ],
    optimization: {
      // Named vendor chunks whose content hash changes only when that library does, so a deploy
      // of the app's own code leaves the browser's cached copies of the libraries valid. Chakra
      // stays in the entry chunk: scope-hoisted with src/shell/system.ts, the recipes the app
      // does not use are dropped (split out, every recipe was kept).
      moduleIds: 'deterministic',
      // The pages rendered in advance carry React's markers as comments (`<!-- -->` between two
      // texts, `<!--$-->`…`<!--/$-->` around a Suspense boundary), which hydration reads
      // (src/shell/start-app.tsx). webpack's HTML minifier drops every comment unless told.
      minimizeOptions: { html: { comments: /^(?: |\/?\$[?!]?)$/ } },
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          defaultVendors: false,
          react: vendor('react', /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/),
          xstate: vendor('xstate', /[\\/]node_modules[\\/](xstate|@xstate)[\\/]/),
          router: vendor('router', /[\\/]node_modules[\\/](react-router|cookie)[\\/]/),
          // The identity provider and the API client load on first use (src/identity/identity.ts,
          // src/api/api-modules.ts): a signed-out resident's /login loads neither.
          firebase: {
            ...vendor('firebase', /[\\/]node_modules[\\/](firebase|@firebase|idb)[\\/]/),
            chunks: 'async' as const,
          },
          axios: {
            ...vendor('axios', /[\\/]node_modules[\\/]axios[\\/]/),
            chunks: 'async' as const,
          },
          // The API client, which the resident's calls and the visitor's booking share
          // (src/api/api-modules.ts): one chunk of its own, so that no page downloads it twice
          // whatever webpack's size heuristics make of the modules around it.
          apiClient: {
            name: 'api-client',
            test: /[\\/]src[\\/]api[\\/](api-client|api-error|api-paths|read-answer)\.ts$/,
            chunks: 'async' as const,
            enforce: true,
          },
          // The contract's schemas read the API's answers (src/api/read-answer.ts): zod comes with
          // the API modules, which load on first use, never with /login's first paint.
          zod: {
            ...vendor('zod', /[\\/]node_modules[\\/]zod[\\/]/),
            chunks: 'async' as const,
          },
          // Only lazily loaded screens animate: framer-motion comes with them, never with /login.
          motion: {
            ...vendor(
              'motion',
              /[\\/]node_modules[\\/](framer-motion|motion-dom|motion-utils)[\\/]/,
            ),
            chunks: 'async' as const,
          },
        },
      },
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
  return config;
}

export default (_env: unknown, argv: { mode?: Mode }) =>
  createWebpackConfig(argv.mode ?? 'development');
