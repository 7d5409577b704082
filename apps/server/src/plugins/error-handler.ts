import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError } from '@questboard/shared/api-error';
import { apiErrorCodes, unexpectedErrorMessage } from '@questboard/shared/error-codes';
import { HttpError } from '../http-error';
import { outageMessages, outageOf, outageRetryAfterSeconds } from '../lib/outage';

// Fastify's own client-error codes, mapped to messages a person can act on.
const fastifyClientErrors: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: apiErrorCodes.invalidJson, message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: apiErrorCodes.invalidJson, message: 'The request body is empty; JSON was expected.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: apiErrorCodes.payloadTooLarge, message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: apiErrorCodes.unsupportedMediaType,
    message: 'This content type is not supported; send application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'INVALID_CONTENT_LENGTH', message: 'The Content-Length header does not match the body.' },
};

function send(reply: FastifyReply, status: number, body: ApiError) {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

function describePath(instancePath: string | undefined, fallback: string): string {
  const trimmed = (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  return trimmed || fallback;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: describePath(issue.instancePath, error.validationContext ?? 'body'),
        message: issue.message ?? 'Invalid value',
      }));
      return send(reply, 400, {
        code: apiErrorCodes.validationFailed,
        message: issues[0]?.message ?? 'The request is not valid.',
        issues,
      });
    }
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return send(reply, error.statusCode, { code: error.code, message: error.message });
    }
    const known = fastifyClientErrors[error.code];
    if (known) return send(reply, error.statusCode ?? 400, known);
    if (error.statusCode === 429) {
      return send(reply, 429, { code: apiErrorCodes.rateLimited, message: error.message || 'Too many requests. Please wait and try again.' });
    }
    if (!isResponseSerializationError(error) && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, error.statusCode, { code: error.code || 'BAD_REQUEST', message: error.message });
    }
    // A stopped or frozen database, a full disk: the client retries later (ADR 012).
    const outage = outageOf(error);
    if (outage) {
      request.log.error({ err: error }, `request failed: ${outage} unavailable`);
      reply.header('retry-after', String(outageRetryAfterSeconds));
      return send(reply, 503, { code: apiErrorCodes.unavailable, message: outageMessages[outage] });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, { code: apiErrorCodes.internal, message: unexpectedErrorMessage });
  });
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, {
    code: apiErrorCodes.notFound,
    message: `No endpoint answers ${request.method} ${request.url.split('?')[0] ?? ''}.`,
  });
}
