import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
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

const gzipOf = promisify(gzip);

/**
 * Each file's gzip, made at its first request and kept while the file stays the same size and
 * age: a static host serves text compressed ahead of the request (nginx's gzip_static, a CDN's
 * cache), not compressed again at every one. On the phone bench this server shares the CPU with
 * the page it serves (docs/decisions/027-the-lab-yields-the-cores-to-the-browser.md).
 */
function gzipCache() {
  const kept = new Map<string, { version: string; body: Promise<Buffer> }>();
  return (file: string, stat: fs.Stats): Promise<Buffer> => {
    const version = `${stat.size}:${stat.mtimeMs}`;
    const entry = kept.get(file);
    if (entry?.version === version) return entry.body;
    const body = fs.promises.readFile(file).then((bytes) => gzipOf(bytes));
    kept.set(file, { version, body });
    // A file that could not be read is read again at the next request.
    body.catch(() => {
      if (kept.get(file)?.body === body) kept.delete(file);
    });
    return body;
  };
}

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
  const gzipped = gzipCache();
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
    const fileInRoot = (file: string) => {
      if (!file.startsWith(root + path.sep)) return undefined;
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      return stat?.isFile() ? { file, stat } : undefined;
    };
    const file = path.join(root, pathname);
    // Clean URLs, as GitHub Pages, Netlify or Firebase Hosting serve them: `/login` is login.html,
    // a page the build rendered in advance, when there is one.
    const served =
      fileInRoot(file) ?? fileInRoot(`${file}.html`) ?? fileInRoot(path.join(root, 'index.html'));
    if (!served) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Not found: the build has no index.html.\n');
      return;
    }
    const extension = path.extname(served.file);
    const headers = {
      'Content-Type': contentTypes[extension] ?? 'application/octet-stream',
      // Hashed assets never change; everything else is checked on every load.
      'Cache-Control': pathname.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    };
    // Static hosts compress text, and the figures measured against this server count on it.
    if (compressed.has(extension) && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
      gzipped(served.file, served.stat).then(
        (body) => {
          response.writeHead(200, {
            ...headers,
            'Content-Encoding': 'gzip',
            Vary: 'Accept-Encoding',
            'Content-Length': body.length,
          });
          response.end(body);
        },
        (error: Error) => response.destroy(error),
      );
      return;
    }
    response.writeHead(200, headers);
    fs.createReadStream(served.file).pipe(response);
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
