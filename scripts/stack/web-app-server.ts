import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { createWebpackConfig } from '../../webpack.config';
import { webSecurityHeaders } from './content-security-policy';

/** What `public/config.js` sets; see docs/decisions and the architecture's "Runtime configuration". */
export interface RuntimeConfig {
  apiBaseUrl: string;
  firebase: { apiKey: string; authDomain: string; projectId: string };
  authEmulatorUrl: string | null;
  appName: string;
  supportEmail: string;
}

export interface WebAppServerOptions {
  port: number;
  host?: string;
  mode: 'development' | 'production';
  runtimeConfig: RuntimeConfig;
}

export function renderRuntimeConfig(runtimeConfig: RuntimeConfig): string {
  return `window.__KERBSIDE_CONFIG__ = ${JSON.stringify(runtimeConfig, null, 2)};\n`;
}

/**
 * Serves the web app through webpack-dev-server: with live reload in development, and as the
 * plain production bundle (no dev client injected) for the browser tests. Either way
 * `/config.js` is generated from `runtimeConfig`, so the ports can change per run, and every answer
 * carries the security headers of scripts/stack/content-security-policy.ts.
 */
export async function startWebAppServer(options: WebAppServerOptions) {
  const isDevelopment = options.mode === 'development';
  const compiler = webpack(createWebpackConfig(options.mode));
  const server = new WebpackDevServer(
    {
      host: options.host ?? '127.0.0.1',
      port: options.port,
      historyApiFallback: true,
      hot: isDevelopment,
      liveReload: isDevelopment,
      client: isDevelopment ? { overlay: { warnings: false } } : false,
      webSocketServer: isDevelopment ? 'ws' : false,
      allowedHosts: ['localhost', '127.0.0.1'],
      devMiddleware: { stats: 'errors-warnings' },
      setupMiddlewares: (middlewares, devServer) => {
        // Express announces itself in X-Powered-By; nothing a browser needs.
        devServer.app?.disable('x-powered-by');
        const securityHeaders = webSecurityHeaders(options.runtimeConfig);
        middlewares.unshift({
          name: 'security-headers',
          middleware: (
            _request: unknown,
            response: import('node:http').ServerResponse,
            next: () => void,
          ) => {
            for (const [name, value] of Object.entries(securityHeaders)) {
              response.setHeader(name, value);
            }
            next();
          },
        });
        middlewares.unshift({
          name: 'runtime-config',
          path: '/config.js',
          middleware: (_request: unknown, response: import('node:http').ServerResponse) => {
            response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
            response.setHeader('Cache-Control', 'no-store');
            response.end(renderRuntimeConfig(options.runtimeConfig));
          },
        });
        return middlewares;
      },
    },
    compiler,
  );
  const firstCompilation = new Promise<void>((resolve, reject) => {
    compiler.hooks.done.tap('kerbside-first-compilation', (stats) =>
      stats.hasErrors() ? reject(new Error(stats.toString('errors-only'))) : resolve(),
    );
  });
  await server.start();
  await firstCompilation;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${options.port}`,
    stop: () => server.stop(),
  };
}
