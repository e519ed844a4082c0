import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { getConfig } from '../config';
import { AppProviders } from './app-providers';
import { pageTitle } from './page-titles';
import { paths } from './paths';
import { AppRoutes, preloadScreenAt } from './routes';

/** The pages the build renders in advance: those a resident sees signed out, without a token. */
export const prerenderedPaths = [paths.login, paths.register, paths.forgotPassword] as const;

/**
 * A public page as the app first renders it for someone not signed in, with its styles inline, so
 * that a static host can answer its address with something to read before any JavaScript has
 * arrived (webpack.config.ts puts it into the page's own HTML file). The runtime configuration
 * must be on `globalThis.__KERBSIDE_CONFIG__`.
 */
export async function prerenderPage(pathname: string): Promise<{ title: string; html: string }> {
  await preloadScreenAt(pathname);
  const html = renderToString(
    <AppProviders>
      <StaticRouter location={pathname}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
  );
  // A screen still loading would leave the spinner in the page, not the screen.
  if (html.includes('<template')) throw new Error(`${pathname} suspended while prerendering.`);
  return { title: pageTitle(pathname, getConfig().appName, false), html };
}
