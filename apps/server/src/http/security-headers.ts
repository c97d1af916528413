/**
 * The security headers of every answer (helmet), in one place: the helmet
 * plugin sends them on every routed request, and answers Fastify gives before
 * any route is found (a path that is not valid percent-encoding) get the same
 * headers from here.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { TErrorResponse } from '@backoffice/domain';

export const SECURITY_HEADERS = {
  contentSecurityPolicy: {
    directives: {
      // Mantine sets inline styles; scripts stay same-origin only.
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'connect-src': ["'self'"],
      'form-action': ["'self'"],
    },
  },
};

const setSecurityHeaders = helmet(SECURITY_HEADERS);

/**
 * The longest path parameter the router takes. Longer than any request line
 * Node accepts (16 KiB of headers), so the router never answers 414 itself:
 * a parameter of any length reaches the route's schema, which refuses it
 * like any other bad value.
 */
export const MAX_PARAM_LENGTH = 16 * 1024;

/**
 * Fastify's errors before routing (a path that does not decode, a parameter
 * over MAX_PARAM_LENGTH): the product's error body and headers, as a bad id
 * gets them from the schema.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const body: TErrorResponse = { statusCode: 400, message: 'invalid_value', field: 'path' };
  request.log.info({ code: error.code }, 'request refused before routing');
  setSecurityHeaders(request.raw, reply.raw, () => {
    void reply.status(400).send(body);
  });
}
