import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import { webSecurityHeaders } from './content-security-policy';
import { renderRuntimeConfig, type RuntimeConfig } from './web-app-server';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.map': 'application/json',
};

const compressed = new Set(['.html', '.js', '.json', '.webmanifest', '.svg', '.map']);

/** The request's path, percent-decoded; undefined when it does not decode or holds a NUL. */
function decodedPath(url: string | undefined): string | undefined {
  try {
    const pathname = decodeURIComponent(new URL(url ?? '/', 'http://host').pathname);
    return pathname.includes('\u0000') ? undefined : pathname;
  } catch {
    return undefined;
  }
}

/**
 * Serves a production build the way a static host does: files as they are, `<path>.html` for a
 * path without its extension, `index.html` for any other path (the app routes in the browser), and `/config.js` generated from `runtimeConfig`. Every answer carries the security headers
 * of scripts/stack/content-security-policy.ts, as a static host should be configured to send.
 */
export async function startStaticWebServer(options: {
  root: string;
  port: number;
  runtimeConfig: RuntimeConfig;
}): Promise<{ url: string; stop(): Promise<void> }> {
  const root = path.resolve(options.root);
  const securityHeaders = webSecurityHeaders(options.runtimeConfig);
  const server = http.createServer((request, response) => {
    for (const [name, value] of Object.entries(securityHeaders)) response.setHeader(name, value);
    const pathname = decodedPath(request.url);
    // A path that does not decode would throw out of this handler and stop the process (and the
    // API with it when they share one); a NUL would throw from fs. Either is the client's mistake.
    if (pathname === undefined) {
      response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Bad request: the path is not a valid URL path.\n');
      return;
    }
    if (pathname === '/config.js') {
      response.writeHead(200, {
        'Content-Type': contentTypes['.js']!,
        'Cache-Control': 'no-store',
      });
      response.end(renderRuntimeConfig(options.runtimeConfig));
      return;
    }
    const isFileInRoot = (file: string) =>
      file.startsWith(root + path.sep) && fs.statSync(file, { throwIfNoEntry: false })?.isFile();
    const file = path.join(root, pathname);
    // Clean URLs, as GitHub Pages, Netlify or Firebase Hosting serve them: `/login` is login.html,
    // a page the build rendered in advance, when there is one.
    const page = `${file}.html`;
    const served = isFileInRoot(file)
      ? file
      : isFileInRoot(page)
        ? page
        : path.join(root, 'index.html');
    const extension = path.extname(served);
    // Static hosts compress text, and the figures measured against this server count on it.
    const gzip =
      compressed.has(extension) && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    response.writeHead(200, {
      'Content-Type': contentTypes[extension] ?? 'application/octet-stream',
      ...(gzip ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {}),
      // Hashed assets never change; everything else is checked on every load.
      'Cache-Control': pathname.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    });
    const body = fs.createReadStream(served);
    (gzip ? body.pipe(createGzip()) : body).pipe(response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as import('node:net').AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
