import type { FastifyRequest } from 'fastify';

// Query parameters that carry a credential: the permanent e-mail switch-off token, reset tokens.
const secretParameter = /token|secret|password|signature|key|code/i;

// A path segment that carries a credential: the token of a visitor pass's link, which books
// permits on a resident's allowance (/api/v1/visitor-passes/visit/<token>/…).
const secretPathSegment = /(\/visit\/)[^/?#]*/gi;

/**
 * A query's text as its names and values are read: a '+' is a space and escapes are decoded. The
 * whole query's check and each name's read it alike, so the first cannot miss a name the second
 * would catch. Undefined when it does not decode.
 */
function formDecoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** Whether any name in the query could be a credential's: true too when it does not decode. */
function mayNameACredential(query: string): boolean {
  const decoded = formDecoded(query);
  return decoded === undefined || secretParameter.test(decoded);
}

/**
 * The URL with the token of a visitor pass's path, and the values of its credential-bearing query
 * parameters, replaced.
 */
function redactedUrl(rawUrl: string): string {
  const url = rawUrl.replace(secretPathSegment, '$1[redacted]');
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url.slice(queryStart + 1);
  // A query that names no credential anywhere, even decoded whole, has no name to replace: logged
  // as sent. My Permits' twelve statuses and two dates take this way, at every request.
  if (!mayNameACredential(query)) return url;
  const redacted = query
    .split('&')
    .map((pair) => {
      const nameEnd = pair.indexOf('=');
      if (nameEnd === -1) return pair;
      const name = pair.slice(0, nameEnd);
      // A name that does not decode is matched as it was sent.
      return secretParameter.test(formDecoded(name) ?? name) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${redacted}`;
}

/**
 * The request as Fastify's own serializer logs it, except that credentials in the URL (the e-mail
 * switch-off link's permanent token in the query, a visitor pass's token in the path) are
 * replaced: a log line is read by more people than the resident the link was mailed to
 * (test/server/log-secrets.test.ts, test/server/visitor-pass-booking.test.ts).
 */
export function serializeLogRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
