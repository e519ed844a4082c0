import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInAnswer {
  status: number;
  body: unknown;
}

export interface ApiHostStandIn {
  /** `http://127.0.0.1:<port>`, the base URL to point the web app's API client at. */
  url: string;
  close(): Promise<void>;
}

/**
 * A real HTTP server standing in for the API host, on 127.0.0.1 and a port of its own. It lets
 * the page's origin call it with credentials, as the reference API host's CORS rules do, and
 * answers every other request with the JSON `answer` gives, once it has the request's body (its
 * text, '' for none).
 */
export async function startApiHostStandIn(
  answer: (request: IncomingMessage, body: string) => StandInAnswer,
): Promise<ApiHostStandIn> {
  const server = http.createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
    response.setHeader('Access-Control-Allow-Credentials', 'true');
    response.setHeader('Access-Control-Allow-Headers', 'authorization, content-type');
    response.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH');
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { status, body } = answer(request, Buffer.concat(chunks).toString('utf8'));
      response.setHeader('Content-Type', 'application/json');
      response.writeHead(status).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}
