import { formatMessage } from '@amp/contracts/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldError, HTTP_ERROR_NAMES } from '../lib/errors.js';
import { routeOf } from './logging.js';

/** One place that turns any thrown error into the API's error body (docs/api-contract.md). */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return reply.status(error.statusCode).send(body(error.statusCode, error.message, error.errors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = firstPerPath(
        error.validation.flatMap((issue) => {
          const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
          // Bodies take only the fields they declare (additionalProperties: false): each unknown one
          // is named (cut short, as it is the caller's text) with the catalogue's invalid-field message.
          if (issue.keyword === 'unrecognized_keys') {
            const keys = (issue.params as { keys?: unknown }).keys;
            return (Array.isArray(keys) ? keys : []).slice(0, 20).map((key) => ({
              path: [path, String(key).slice(0, 100)].filter(Boolean).join('.'),
              message: formatMessage('AUTH.VALIDATION.INVALID_FIELD'),
            }));
          }
          return [{ path, message: issue.message ?? formatMessage('AUTH.VALIDATION.INVALID_FIELD') }];
        }),
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
 * An API path that has routes, but not for this method, answers 405 with the methods it has
 * (`Allow`), at the start of the request: before its body is read, and before any hook of the
 * routes (If-Match, sessions) could answer for a route that is not there.
 */
export function registerNotFoundHandler(app: FastifyInstance, serveApp: boolean, methodsOf: (path: string) => string[]) {
  const methodNotAllowed = (request: FastifyRequest, reply: FastifyReply) => {
    const allowed = request.url.startsWith('/v2') ? methodsOf(request.url.split('?')[0]!) : [];
    if (allowed.length === 0) return false;
    reply
      .status(405)
      .header('Allow', allowed.join(', '))
      .send(body(405, formatMessage('ERROR.METHOD_NOT_ALLOWED', { methods: allowed.join(', ') })));
    return true;
  };
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404 && methodNotAllowed(request, reply)) return reply;
  });
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/v2') || request.url.startsWith('/api');
    if (serveApp && request.method === 'GET' && !isApi)
      return reply.header('Cache-Control', 'no-cache').sendFile(PORTAL_PATH.test(request.url) ? 'portal.html' : 'index.html');
    // A GET reaches here through the web app's wildcard route.
    if (methodNotAllowed(request, reply)) return reply;
    return reply.status(404).send(body(404, formatMessage('VALIDATION.NOT_FOUND', { field: 'resource' })));
  });
}

/**
 * The router's own refusals, before any route is found: a path parameter longer than any the API
 * takes is an id that names nothing (404), a path that is not valid percent-encoding a bad request
 * (400). Fastify's default bodies echo the whole path; these echo nothing.
 */
export function frameworkErrors(error: FastifyError, _request: unknown, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return reply.status(404).send(body(404, formatMessage('VALIDATION.NOT_FOUND', { field: 'resource' })));
  return reply.status(400).send(body(400, formatMessage('AUTH.VALIDATION.INVALID_FIELD')));
}

export function body(statusCode: number, message: string, errors?: FieldError[]) {
  return { statusCode, error: HTTP_ERROR_NAMES[statusCode] ?? 'Error', message, ...(errors?.length ? { errors } : {}) };
}
