import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { redactUrl } from '../../lib/log-redact';

/** Health checks come every few seconds from a load balancer: logged at debug, not info. */
const QUIET = /^\/console\/apis\/health(\/live|\/ready)?(\?|$)/;

/**
 * One log line per request, written when the response has gone: method, url (query values
 * redacted), status and time.
 * Fastify's own two lines (incoming request, request completed) are replaced; its other lines (stream and
 * serializer errors, route not found) stay. A successful health check is logged at debug.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply) {
    const level = error ? 'error' : QUIET.test(req.url) && reply.statusCode < 400 ? 'debug' : 'info';
    // nothing to build (the redacted url) when no line is written: no logger (app.ts), or a level that is off
    if (this.isLogDisabled(req)) return;
    const log = req.log as { isLevelEnabled?: (l: string) => boolean };
    if (log.isLevelEnabled && !log.isLevelEnabled(level)) return;
    req.log[level](
      {
        method: req.method,
        // the path and the query's names; values may be customer phone numbers, names or tokens
        url: redactUrl(req.url),
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
        ...(error ? { err: error } : {}),
      },
      'request',
    );
  }
}
