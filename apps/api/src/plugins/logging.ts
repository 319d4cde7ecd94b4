import type { FastifyRequest } from 'fastify';

/**
 * What the server log may say about a request (docs/architecture.md#security-baseline: no secrets, passwords, tokens or
 * personal data in logs). A request is logged by its method and route pattern
 * (`/v2/account/reset/:resetToken`, `/v2/user`), never by its raw URL: path segments carry reset and
 * set-password tokens, query strings carry searched emails and names.
 */

const REDACTED = '[redacted]';

/** Path segments whose next segment is a one-time token (the API's reset route, the web's reset page). */
const TOKEN_PARENTS = new Set(['reset', 'reset-password', 'set-password']);
/** A segment that looks like a token (ours are 43 base64url characters); uuids (36) stay readable. */
const TOKEN_LIKE = /^[A-Za-z0-9_-]{40,}$/;

/** A path fit for the log: no query string or fragment, tokens replaced. */
export function redactPath(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const segments = path.split('/');
  return segments
    .map((segment, i) =>
      (i > 0 && TOKEN_PARENTS.has(segments[i - 1]!.toLowerCase()) && segment !== '') || TOKEN_LIKE.test(segment) ? REDACTED : segment,
    )
    .join('/');
}

/** The route pattern of a request, or its redacted path when no named route matched (not found, static files). */
export function routeOf(request: Pick<FastifyRequest, 'url'> & { routeOptions?: { url?: string } }): string {
  const pattern = request.routeOptions?.url;
  if (pattern && !pattern.includes('*')) return pattern;
  return redactPath(request.url ?? '');
}

type LoggedRequest = {
  method?: string;
  url?: string;
  ip?: string;
  host?: string;
  routeOptions?: { url?: string };
  socket?: { remoteAddress?: string; remotePort?: number };
};

/** Keys of an error that may hold the values of a query (Drizzle's `params`, PostgreSQL's `detail`). */
const ERROR_KEYS_WITH_VALUES = new Set(['params', 'detail', 'where']);

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * An error as the log shows it: like pino's serializer, without the values a failed query carried
 * (Drizzle puts every parameter, emails and password hashes included, into its message).
 */
export function serializeError(error: Error, depth = 0): LoggedError {
  const fields = error as Error & Record<string, unknown>;
  let message = error.message;
  let stack = error.stack ?? '';
  // Drizzle's message is "Failed query: <sql>\nparams: <values>"; keep the SQL, drop the values.
  if (typeof fields.query === 'string' && message.startsWith('Failed query:') && 'params' in fields) {
    message = `Failed query: ${fields.query}`;
    stack = stack.replace(error.message, message);
  }
  const out: LoggedError = { type: error.constructor?.name ?? 'Error', message, stack };
  for (const [key, value] of Object.entries(fields)) {
    if (key in out || key === 'cause' || ERROR_KEYS_WITH_VALUES.has(key)) continue;
    out[key] = value;
  }
  const { cause } = fields;
  if (cause !== undefined) out.cause = cause instanceof Error && depth < 4 ? serializeError(cause, depth + 1) : String(cause);
  return out;
}

/** Pino serializers for the Fastify logger. */
export const logSerializers = {
  req(request: LoggedRequest) {
    return {
      method: request.method,
      url: request.routeOptions ? routeOf(request as Parameters<typeof routeOf>[0]) : redactPath(request.url ?? ''),
      host: request.host,
      remoteAddress: request.ip ?? request.socket?.remoteAddress,
      remotePort: request.socket?.remotePort,
    };
  },
  err: (error: Error) => (error instanceof Error ? serializeError(error) : { type: typeof error, message: String(error), stack: '' }),
};
