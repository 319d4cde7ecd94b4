import { formatMessage } from '@amp/contracts/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldError, HTTP_ERROR_NAMES } from '../lib/errors.js';
import { routeOf } from './logging.js';

/** One place that turns any thrown error into the API's error body (DESIGN.md section 5). */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return reply.status(error.statusCode).send(body(error.statusCode, error.message, error.errors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = firstPerPath(
        error.validation.map((issue) => ({
          path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: issue.message ?? formatMessage('AUTH.VALIDATION.INVALID_FIELD'),
        })),
      );
      return reply.status(400).send(body(400, errors[0]?.message ?? formatMessage('AUTH.VALIDATION.INVALID_FIELD'), errors));
    }
    // A text PostgreSQL cannot store (a NUL, a broken byte sequence) that slipped past the schemas is bad input, not a crash.
    if (isInvalidText(error)) return reply.status(400).send(body(400, formatMessage('AUTH.VALIDATION.INVALID_FIELD')));
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      // The route, not the URL: paths and query strings carry tokens, emails and names.
      request.log.error({ err: error, method: request.method, route: routeOf(request) }, 'request failed');
      return reply.status(500).send(body(500, formatMessage('ERROR.INTERNAL')));
    }
    // Fastify's own 4xx (bad JSON, body too large, wrong content type): keep its status, not its internals.
    const message =
      status === 413 ? formatMessage('ERROR.TOO_LARGE') : status === 415 ? formatMessage('ERROR.UNSUPPORTED_TYPE') : error.message;
    return reply.status(status).send(body(status, message));
  });
}

/** PostgreSQL 22021 (invalid byte sequence, e.g. a NUL in text) and 22P05 (untranslatable character, e.g. \u0000 in JSON), through Drizzle's wrapper. */
function isInvalidText(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code } = e as { code?: unknown };
    if (code === '22021' || code === '22P05') return true;
  }
  return false;
}

function firstPerPath(errors: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    if (seen.has(e.path)) return false;
    seen.add(e.path);
    return true;
  });
}

/** The public fault portal's paths, which its own page answers (apps/web/portal.html). */
const PORTAL_PATH = /^\/report\/fault(?:[/?]|$)/;

/**
 * Unknown paths: the single-page app answers GETs outside the API (its router shows the not-found
 * page) when it is built, the fault portal's page its own paths; everything else is a JSON 404.
 */
export function registerNotFoundHandler(app: FastifyInstance, serveApp: boolean) {
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/v2') || request.url.startsWith('/api');
    if (serveApp && request.method === 'GET' && !isApi)
      return reply.header('Cache-Control', 'no-cache').sendFile(PORTAL_PATH.test(request.url) ? 'portal.html' : 'index.html');
    return reply.status(404).send(body(404, formatMessage('VALIDATION.NOT_FOUND', { field: 'resource' })));
  });
}

export function body(statusCode: number, message: string, errors?: FieldError[]) {
  return { statusCode, error: HTTP_ERROR_NAMES[statusCode] ?? 'Error', message, ...(errors?.length ? { errors } : {}) };
}
