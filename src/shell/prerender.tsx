import { compileMessage } from '@lingui/message-utils/compileMessage';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { getConfig } from '../config';
import { i18n } from '../i18n/i18n';
import { AppFrame } from './app';
import { pageTitle } from './page-titles';
import { paths } from './pages';
import { AppRoutes, preloadScreenAt } from './routes';

/**
 * The pages the build renders in advance: the public pages as a resident signed out sees them,
 * and the signed-in pages as every resident first sees them, their frame while the session is
 * checked (./session-check-layout.tsx). Not the dashboard: its file would be index.html, which a
 * static host serves for every address it has no file for. Not the reset-password page, drawn from
 * its link's query.
 */
// The build renders these pages under tsx, without the babel plugin that compiles English
// messages (scripts/i18n/babel-plugin-compile-english.cjs), and with NODE_ENV 'production', where
// Lingui keeps no compiler: without one, "Sign in to {appName}" and the pages' titles would be
// written with their placeholders. Node has the compiler's bytes to spare.
i18n.setMessagesCompiler(compileMessage);

export const prerenderedPaths = [
  paths.login,
  paths.register,
  paths.forgotPassword,
  paths.addPermit,
  paths.myPermits,
  paths.guide,
  paths.settings,
  paths.changePassword,
] as const;

/**
 * A page as the app first renders it before it knows who is signed in, with its styles, so that a
 * static host can answer its address with something to read before any JavaScript has arrived
 * (webpack.config.ts puts it into the page's own HTML file, and its styles, which React leaves
 * inline, into that file's `<head>`: scripts/stack/page-styles.ts). Nothing in it depends on who
 * is signed in. The runtime configuration must be on `globalThis.__KERBSIDE_CONFIG__`.
 */
export async function prerenderPage(pathname: string): Promise<{ title: string; html: string }> {
  await preloadScreenAt(pathname);
  // The browser's tree with a static router (./app.tsx), so that the app can hydrate the page.
  const html = renderToString(
    <AppFrame
      router={
        <StaticRouter location={pathname}>
          <AppRoutes />
        </StaticRouter>
      }
    />,
  );
  // A screen still loading would leave the spinner in the page, not the screen.
  if (html.includes('<template')) throw new Error(`${pathname} suspended while prerendering.`);
  return { title: pageTitle(pathname, getConfig().appName, false), html };
}
