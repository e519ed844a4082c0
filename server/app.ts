import { randomUUID } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import cors from '@fastify/cors';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { defaultCredentialThrottles, type CredentialThrottles } from './auth/attempt-throttle';
import type { Database } from './db/database';
import { HttpError } from './http/http-error';
import { refuseNullCharacters } from './http/refuse-null-characters';
import type { Identity } from './identity/firebase-identity';
import { withQuietRefusals, type Mailer } from './mail/mailer';
import { OneLineARequest } from './logging/one-line-a-request';
import type { OpsMetrics } from './ops/ops-metrics';
import { openApiRoute } from './routes/openapi-route';
import { adminRoutes } from './routes/admin-routes';
import { authRoutes } from './routes/auth-routes';
import { emailVerificationRoutes } from './routes/email-verification-routes';
import { sendEmailVerification } from './mail/send-email-verification';
import { emailPreferenceRoutes } from './routes/email-preference-routes';
import { languageRoutes } from './routes/language-routes';
import { passwordRoutes } from './routes/password-routes';
import { permitRoutes } from './routes/permit-routes';
import { siteSettingsRoutes } from './routes/site-settings-routes';
import { visitorPassRoutes } from './routes/visitor-pass-routes';
import { hostTexts } from '../contract/host-texts';

/**
 * The largest request body the host reads, 64 KiB: the largest any route takes (a permit, a
 * registration) is under 2 KiB. The public routes parse the body before their throttles count
 * the attempt, so Fastify's default of 1 MiB let a client make each refused request cost that
 * much; above the limit the answer is 413, before anything is parsed.
 */
export const requestBodyLimitBytes = 64 * 1024;

export interface AppDependencies {
  db: Database;
  identity: Identity;
  /** The only browser origin allowed to call the API, with credentials. */
  webOrigin: string;
  /** Enables the loopback admin endpoint the CLI uses while this process holds PGlite. */
  adminSecret?: string;
  /** Throttles to use instead of the defaults of defaultCredentialThrottles. */
  throttles?: Partial<CredentialThrottles>;
  /** Sends password-reset links. */
  mailer: Mailer;
  /** How long a password-reset link works; default one hour. */
  resetTokenLifetimeMs?: number;
  /** Called after a resident changed a permit, so the reconciler need not wait for its next poll. */
  onPermitChanged?: () => void;
  /** The process's logger (server/logging/create-host-logger.ts); without it the app logs nothing. */
  logger?: FastifyBaseLogger;
  /**
   * PUBLIC_API_URL: the address residents reach this API at (e.g. https://permits.council.example),
   * from which paging links are made; default this server's own loopback address. Never the
   * request's Host header, which the client chooses.
   */
  publicUrl?: string;
  /**
   * Which proxies' X-Forwarded-For names the client (Fastify's trustProxy): by default none, so
   * the throttles count the connecting address and a forged header changes nothing.
   */
  trustProxy?: TrustProxy;
  /** The hourly mail limit per account (server/mail/account-mail-budget.ts); default 30. */
  mailsPerAccountPerHour?: number;
  /** Prometheus metrics (server/ops/ops-metrics.ts), served on the ops port, never here. */
  metrics?: OpsMetrics;
}

/**
 * TRUST_PROXY as Fastify takes it: the proxies' addresses and CIDRs, or how many proxies stand in
 * front of the host (the client is the address the outermost of them saw), or true (any proxy:
 * the left-most address of X-Forwarded-For, which the client itself may write).
 */
export type TrustProxy = boolean | number | string[];

/** A count of proxies as a trust of the hops nearest the host (Fastify types no number). */
function asFastifyTrust(trust: TrustProxy): Exclude<TrustProxy, number> | TrustHops {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}
type TrustHops = (address: string, hop: number) => boolean;

const oneHour = 60 * 60 * 1000;

function clientErrorDetail(error: FastifyError, contentType: string | undefined): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'JSON parse error - the request body is not valid JSON.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `Unsupported media type "${contentType ?? ''}" in request.`;
    case 'FST_ERR_BAD_URL':
      return 'Malformed URL: a part of the path does not decode.';
    default:
      return `${error.message.replace(/\.$/, '')}.`;
  }
}

/**
 * http://127.0.0.1:<port> of the listening server: the public URL of a development host. Asked of
 * the socket once it listens, not for every list page (a system call, dear in a virtual machine).
 */
function ownLoopbackUrl(app: FastifyInstance): () => string {
  let listening: string | undefined;
  return () => {
    if (listening) return listening;
    const address = app.server.address();
    if (!address || typeof address === 'string') return 'http://127.0.0.1:80';
    listening = `http://127.0.0.1:${address.port}`;
    return listening;
  };
}

/** What Node's HTTP parser could not read, as the answer words it. */
function connectionErrorAnswer(code: string | undefined): HttpError {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return new HttpError(431, { detail: 'Request header fields too large.' });
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new HttpError(408, { detail: 'The request took too long to arrive.' });
  }
  return new HttpError(400, { detail: 'Malformed request.' });
}

/**
 * The headers a middleware sets on an answer, read once from a response of its own. Helmet's do not
 * depend on the request (no nonce here), so each answer is given the same ones rather than its
 * thirteen middlewares running on every request: they had taken 3 % of an API host's time under the
 * council bench (docs/decisions/030-one-log-line-a-request.md).
 */
function headersSetBy(
  middleware: (request: IncomingMessage, response: ServerResponse, next: () => void) => void,
): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  middleware(request, response, () => {});
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

/** The API host's HTTP application, without listening: tests inject into it, startApi serves it. */
export function buildApp(deps: AppDependencies): FastifyInstance {
  // Fastify refuses some requests before any hook has run: a URL that does not decode (its
  // frameworkErrors), and what Node's parser cannot read, such as a header block too large (its
  // clientErrorHandler). Such a request goes round the pipeline again as a request for "/",
  // under the same id, and the not-found handler throws its error: so its answer too carries the
  // hooks' headers (request id, no-store, helmet's) and the error handler's words
  // (test/server/security-headers.test.ts).
  const refusedEarly = new WeakMap<IncomingMessage, { error: Error; id?: string }>();
  const answerThroughPipeline = (
    raw: IncomingMessage,
    response: ServerResponse,
    error: Error,
    id?: string,
  ) => {
    refusedEarly.set(raw, { error, id });
    raw.url = '/';
    app.routing(raw, response);
  };

  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    bodyLimit: requestBodyLimitBytes,
    logController: new OneLineARequest(),
    // Our own ids, never a client's: each answer names its request (X-Request-Id) for the logs.
    genReqId: (raw) => refusedEarly.get(raw)?.id ?? randomUUID(),
    frameworkErrors: (error, request, reply) => {
      // The answer's line names "/", the path it goes round as: this one names what was sent.
      request.log.info({ req: request }, 'refused before routing');
      answerThroughPipeline(request.raw, reply.raw, error, request.id);
    },
    clientErrorHandler: (error, socket) => {
      if (error.code === 'ECONNRESET' || !socket.writable) {
        socket.destroy();
        return;
      }
      // No request was read: an empty GET stands for it, answered on the socket, which then closes.
      const raw = new IncomingMessage(socket);
      raw.method = 'GET';
      raw.push(null);
      const response = new ServerResponse(raw);
      response.shouldKeepAlive = false;
      response.assignSocket(socket);
      response.on('finish', () => socket.destroySoon());
      answerThroughPipeline(raw, response, connectionErrorAnswer(error.code));
    },
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: asFastifyTrust(deps.trustProxy ?? false),
  });

  // JSON only (anything else is 415), and an empty JSON body means "no data", as in Django REST
  // framework, rather than a parse error. Everything else goes through Fastify's own parser,
  // which refuses "__proto__" and "constructor.prototype" keys (test/server/json-body-poisoning.test.ts).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ detail: clientErrorDetail(error, request.headers['content-type']) });
    }
    request.log.error({ err: error }, 'Unhandled error');
    return reply.code(500).send({ detail: hostTexts.serverError });
  });
  // nosniff, no X-Powered-By, and a CSP for JSON: nothing to load, and no page may frame it.
  const securityHeaders = headersSetBy(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      },
    }),
  );
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders);
    reply.header('x-request-id', request.id);
    // Answers carry residents' data and sign-in tokens: no cache, shared or private, keeps them.
    reply.header('cache-control', 'no-store');
    done();
  });
  deps.metrics?.observeRequests(app);
  // Once the body is parsed, before any route reads it: no NUL reaches the database.
  app.addHook('preValidation', async (request) => refuseNullCharacters(request));
  app.setNotFoundHandler(async (request, reply) => {
    const refused = refusedEarly.get(request.raw);
    if (refused) throw refused.error;
    return reply.code(404).send({ detail: hostTexts.notFound });
  });

  app.register(cors, {
    // A list, so that an unlisted origin gets no Access-Control-Allow-Origin header at all.
    origin: [deps.webOrigin],
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  });

  const throttles = { ...defaultCredentialThrottles(), ...deps.throttles };
  const loopbackUrl = ownLoopbackUrl(app);
  const mailer = withQuietRefusals(deps.mailer);
  const verificationSender = {
    db: deps.db,
    mailer,
    publicUrl: () => deps.publicUrl ?? loopbackUrl(),
    mailsPerAccountPerHour: deps.mailsPerAccountPerHour,
  };
  app.register(authRoutes, {
    prefix: '/api/v1/auth',
    db: deps.db,
    identity: deps.identity,
    throttles,
    // A new account's address is confirmed before any permit mail goes to it.
    onRegistered: async (userId) => {
      try {
        await sendEmailVerification(verificationSender, userId);
      } catch (error) {
        app.log.error({ err: error }, 'The address confirmation mail could not be sent');
      }
    },
  });
  app.register(passwordRoutes, {
    prefix: '/api/v1/auth',
    db: deps.db,
    identity: deps.identity,
    mailer,
    webOrigin: deps.webOrigin,
    resetTokenLifetimeMs: deps.resetTokenLifetimeMs ?? oneHour,
    throttles,
    mailsPerAccountPerHour: deps.mailsPerAccountPerHour,
  });
  app.register(siteSettingsRoutes, { prefix: '/api/v1/site-settings', db: deps.db });
  app.register(permitRoutes, {
    prefix: '/api/v1/permits',
    db: deps.db,
    identity: deps.identity,
    onPermitChanged: deps.onPermitChanged,
    publicUrl: () => deps.publicUrl ?? loopbackUrl(),
  });
  app.register(emailPreferenceRoutes, {
    prefix: '/api/v1',
    db: deps.db,
    identity: deps.identity,
    throttles,
  });
  app.register(languageRoutes, {
    prefix: '/api/v1',
    db: deps.db,
    identity: deps.identity,
    throttles,
  });
  app.register(emailVerificationRoutes, {
    prefix: '/api/v1',
    db: deps.db,
    identity: deps.identity,
    sender: verificationSender,
    throttles,
  });
  app.register(visitorPassRoutes, {
    prefix: '/api/v1/visitor-passes',
    db: deps.db,
    identity: deps.identity,
    mailer,
    throttles,
    mailsPerAccountPerHour: deps.mailsPerAccountPerHour,
    onPermitChanged: deps.onPermitChanged,
  });
  app.register(openApiRoute);
  if (deps.adminSecret) app.register(adminRoutes, { db: deps.db, adminSecret: deps.adminSecret });

  return app;
}
