import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's request logging with one line a request rather than two: "request completed" (or
 * "request errored") once the answer has gone, naming the request (its method and URL, through
 * server/logging/serialize-log-request.ts), its status and how long it took. Fastify's own
 * controller also writes an "incoming request" line as each request arrives; under the council
 * bench's load that line alone took 6 % of an API host's time
 * (docs/decisions/030-one-log-line-a-request.md).
 */
export class OneLineARequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
