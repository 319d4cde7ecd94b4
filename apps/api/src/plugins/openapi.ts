import { apiErrorSchema } from '@amp/contracts/fields';
import { ACCOUNT_TYPE_LABELS } from '@amp/contracts/organisation';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { AccessRule } from './access.js';
import { IDEMPOTENCY_KEY_PATTERN, IF_MATCH_PATTERN } from './idempotency.js';

/**
 * The OpenAPI document at /api/docs/json (docs/decisions/0014-response-contracts-and-openapi.md). Routes declare their tag, summary,
 * operationId and zod request and success schemas; everything that follows from rules shared by
 * every route is added here, once, so a new module gets it without writing it:
 * - the security requirement, from `config.access` (bearer, or none for public routes), and the
 *   access rule in words in the description;
 * - the error responses that apply, with the one error body: 400 (input), 401 and 403 (non-public),
 *   404 (an id in the path), 413 and 415 (a body), 429 and 500 (all); a route adds others (409) to
 *   its `response` with `apiErrorSchema`;
 * - the rate-limit headers on every 2xx and 4xx answer, Retry-After on the 429 (plugins/request-limit.ts);
 * - `format` int32/int64 on integers (from their bounds) and maxLength on uuids and dates, whose
 *   patterns already fix their length.
 * `npm run lint` checks the result with Spectral (scripts/lint-openapi.mjs, .spectral.yaml).
 */

/** A multipart upload, documented as a request body (the route reads it with lib/upload.ts, so it has no `body` schema). */
export interface UploadDoc {
  /** The multipart field of the file. */
  field?: string;
  maxBytes: number;
  description: string;
}

declare module 'fastify' {
  interface FastifySchema {
    upload?: UploadDoc;
  }
}

const TAGS: Record<string, string> = {
  account: 'Signing in and out, the current user, passwords and settings',
  registration: 'Self-registration of organisations and its approval',
  user: "An organisation's users and profiles",
  role: 'Custom roles and their permissions',
  category: 'Asset categories and sub-categories',
  activity: "A user's activity feed",
  dashboard: 'Dashboards',
  reference: 'Reference data: states and LGAs, public configuration',
  cluster: "An owner's clusters of assets",
  asset: "An owner's assets, and the public look-ups of the fault portal",
  'asset import': 'Bulk add and update of assets from CSV or XLSX files',
  assignment: 'Assets and clusters given to providers, and dispatched to technicians',
  sla: 'Service level agreements between an owner and a provider',
  file: 'Uploaded images and documents',
};

const MB = 1024 * 1024;

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
};

const seconds = { type: 'integer', format: 'int32', minimum: 0, maximum: 2_147_483_647 };

const HEADERS = {
  'RateLimit-Limit': { description: 'Requests allowed in the current window (per user, or per IP without a session).', schema: seconds },
  'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: seconds },
  'RateLimit-Reset': { description: 'Seconds until the current window ends.', schema: seconds },
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: seconds },
};

const ERROR_RESPONSES: Record<string, { name: string; description: string }> = {
  '400': { name: 'BadRequest', description: 'Invalid input: the message of the first problem, and one message per field in `errors`.' },
  '401': { name: 'Unauthorized', description: 'No session, or an expired or revoked one.' },
  '403': { name: 'Forbidden', description: 'The session lacks the permission.' },
  '404': { name: 'NotFound', description: 'Not found, or not visible to the caller (another organisation’s id answers the same).' },
  '409': {
    name: 'Conflict',
    description:
      'The change conflicts with the current state (an illegal or stale transition, a duplicate), or a request with the same Idempotency-Key is still being applied.',
  },
  '412': { name: 'PreconditionFailed', description: 'The record changed since the version named by If-Match; nothing was applied.' },
  '413': { name: 'PayloadTooLarge', description: 'The body is too large (JSON bodies: at most 1 MB; uploads: see the operation).' },
  '415': { name: 'UnsupportedMediaType', description: 'The body or the uploaded file is of a type the operation does not take.' },
  '422': { name: 'UnprocessableContent', description: 'The Idempotency-Key was already used for another request.' },
  '429': { name: 'TooManyRequests', description: 'Too many requests: wait Retry-After seconds.' },
  '500': { name: 'InternalServerError', description: 'An unexpected failure; the body never shows internals.' },
};

/** The header every change takes (plugins/idempotency.ts, docs/api-contract.md "Repeats and versions"). */
const IDEMPOTENCY_KEY_PARAMETER = {
  in: 'header',
  name: 'Idempotency-Key',
  required: false,
  description:
    'A key (8 to 128 of A-Z a-z 0-9 _ - : .) that makes the request safe to repeat: a repeat gets the first answer again (header Idempotent-Replayed: true) and changes nothing.',
  schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN, maxLength: 128 },
};

/** The header of the routes that take a workflow step on the record their path names (`config.versioned`). */
const IF_MATCH_PARAMETER = {
  in: 'header',
  name: 'If-Match',
  required: false,
  description:
    "The record's updatedAt as the client last read it (`*` for any): a step on a record changed since answers 412 and changes nothing.",
  schema: { type: 'string', pattern: IF_MATCH_PATTERN, maxLength: 40 },
};

const SUCCESS_DESCRIPTIONS: Record<string, string> = { '200': 'OK', '201': 'Created', '202': 'Accepted', '204': 'No content' };

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string }[];
  'x-versioned'?: boolean;
  requestBody?: { content?: Record<string, unknown> };
  responses: Record<string, Json>;
}

function describeAccess(access: AccessRule | undefined): string {
  if (access === 'public') return 'Access: public (no session needed).';
  if (access === 'signedIn') return 'Access: any signed-in user (bearer token).';
  if (access && typeof access === 'object') {
    const rule = access.permission;
    const names = (typeof rule === 'string' ? [rule] : [...rule]).map((p) => `\`${p}\``);
    const kinds = access.kinds ? `, of an organisation of kind ${access.kinds.map((k) => ACCOUNT_TYPE_LABELS[k]).join(', ')}` : '';
    return `Access: a signed-in user holding ${names.length === 1 ? 'the permission' : 'any one of the permissions'} ${names.join(', ')}${kinds}.`;
  }
  return '';
}

/** getAssetById-style names for routes that do not name their operation. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/v2\//, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  const camel = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  return `${method.toLowerCase()}${camel}`;
}

/** Per route: JSON schemas from zod, then security, access, operationId and the upload body. */
function transformRoute(input: Parameters<typeof jsonSchemaTransform>[0]) {
  const { schema, url } = jsonSchemaTransform(input);
  const route = input.route;
  if (!url.startsWith('/v2/') || !schema || schema.hide) return { schema, url };
  const access = route.config?.access;
  const out = schema as Json & { upload?: UploadDoc };
  out.security = access === 'public' ? [] : [{ bearer: [] }];
  if (access !== undefined) out['x-access'] = access;
  if (route.config?.versioned) out['x-versioned'] = true;
  out.operationId ??= operationIdOf(String(route.method), route.url);
  out.description = [out.description, describeAccess(access)].filter(Boolean).join('\n\n');
  if (out.upload) {
    const { field = 'file', maxBytes, description } = out.upload;
    out.body = {
      type: 'object',
      required: [field],
      properties: { [field]: { type: 'string', format: 'binary', maxLength: maxBytes, description } },
      additionalProperties: false,
    };
    out.consumes = ['multipart/form-data'];
    out.description = `${out.description}\n\nUpload: multipart field \`${field}\`, at most ${Math.round(maxBytes / MB)} MB.`;
    delete out.upload;
  }
  return { schema: out, url };
}

/** Walks every schema object of the document (and everything else: only schema-like nodes change). */
function visit(node: unknown, fn: (node: Json) => void) {
  if (Array.isArray(node)) {
    for (const item of node) visit(item, fn);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  fn(node as Json);
  for (const value of Object.values(node)) visit(value, fn);
}

const INT32 = 2 ** 31;
const FORMAT_LENGTH: Record<string, number> = { uuid: 36, date: 10 };

function completeSchemas(document: Json) {
  visit(document, (node) => {
    if (node.type === 'integer' && node.format === undefined) {
      const min = typeof node.minimum === 'number' ? node.minimum : -Infinity;
      const max = typeof node.maximum === 'number' ? node.maximum : Infinity;
      node.format = min >= -INT32 && max < INT32 ? 'int32' : 'int64';
    }
    if (node.type === 'string' && node.maxLength === undefined && typeof node.format === 'string' && node.format in FORMAT_LENGTH) {
      node.maxLength = FORMAT_LENGTH[node.format];
    }
  });
}

/** Fastify reads a body on these methods whatever the route declares: bad JSON is a 400, a wrong type a 415, over 1 MB a 413. */
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** The error responses an operation can give, from what it takes and who may call it. */
function errorCodesOf(path: string, method: string, operation: Operation, versioned: boolean): string[] {
  const hasBody = operation.requestBody !== undefined || BODY_METHODS.has(method);
  const hasInput = hasBody || (operation.parameters?.length ?? 0) > 0;
  const isPublic = (operation.security?.length ?? 0) === 0;
  const codes: string[] = [];
  if (hasInput) codes.push('400');
  if (!isPublic) codes.push('401', '403');
  if (path.includes('{')) codes.push('404');
  if (hasBody) codes.push('413', '415');
  // Every change may be repeated under an Idempotency-Key (plugins/idempotency.ts); a step may be based on a version.
  if (BODY_METHODS.has(method)) codes.push('409', '422');
  if (versioned) codes.push('412');
  codes.push('429', '500');
  return codes;
}

function completeOperations(document: Json) {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  const seenIds = new Set<string>();
  const tags = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      if (operation.operationId) {
        let id = operation.operationId;
        for (let n = 2; seenIds.has(id); n++) id = `${operation.operationId}${n}`;
        operation.operationId = id;
        seenIds.add(id);
      }
      for (const tag of operation.tags ?? []) tags.add(tag);
      const responses = operation.responses;
      for (const [code, response] of Object.entries(responses)) {
        if (ERROR_RESPONSES[code]) {
          // A route's own error answer (409) is the shared one.
          responses[code] = { $ref: `#/components/responses/${ERROR_RESPONSES[code].name}` };
          continue;
        }
        if (response.description === 'Default Response') response.description = SUCCESS_DESCRIPTIONS[code] ?? 'Success';
        if (/^[24]/.test(code)) response.headers = { ...RATE_LIMIT_HEADERS, ...(response.headers as Json | undefined) };
      }
      const versioned = operation['x-versioned'] === true;
      delete operation['x-versioned'];
      if (BODY_METHODS.has(method))
        operation.parameters = [...(operation.parameters ?? []), IDEMPOTENCY_KEY_PARAMETER, ...(versioned ? [IF_MATCH_PARAMETER] : [])];
      for (const code of errorCodesOf(path, method, operation, versioned)) {
        responses[code] ??= { $ref: `#/components/responses/${ERROR_RESPONSES[code]!.name}` };
      }
      operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
    }
  }
  const known = new Set(Object.keys(TAGS));
  document.tags = [
    ...Object.entries(TAGS)
      .filter(([name]) => tags.has(name))
      .map(([name, description]) => ({ name, description })),
    ...[...tags].filter((name) => !known.has(name)).map((name) => ({ name })),
  ];
}

/** The shared responses and headers, and only the component schemas something refers to. */
function completeComponents(document: Json) {
  const components = (document.components ?? {}) as Json & { schemas?: Record<string, unknown> };
  components.headers = HEADERS;
  components.responses = Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([code, { name, description }]) => [
      name,
      {
        description,
        ...(code === '429'
          ? { headers: { ...RATE_LIMIT_HEADERS, 'Retry-After': { $ref: '#/components/headers/Retry-After' } } }
          : code.startsWith('4')
            ? { headers: RATE_LIMIT_HEADERS }
            : {}),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
      },
    ]),
  );
  // The registry yields an input and an output form of every named schema: keep the ones in use.
  const schemas = components.schemas ?? {};
  const used = new Set<string>();
  const pending = [JSON.stringify(document.paths), JSON.stringify(components.responses)];
  while (pending.length > 0) {
    for (const [, name] of pending.pop()!.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (used.has(name!) || !(name! in schemas)) continue;
      used.add(name!);
      pending.push(JSON.stringify(schemas[name!]));
    }
  }
  components.schemas = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  document.components = components;
}

export async function registerOpenApi(app: FastifyInstance) {
  // Keeps the shared error body in the registry (and so among the components) even before a route names it.
  void apiErrorSchema;
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'AMP API',
        version: '2.0.0',
        description:
          'The Asset & Maintenance Platform API. Success bodies are `{ data }`; lists add `meta: { page, pageSize, total, pageCount, totalIsLowerBound? }`. Errors are `{ statusCode, error, message, errors?: [{ path, message }] }`.',
        contact: { name: 'AMP maintainers' },
        license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'An opaque session token from POST /v2/account/login, sent as `Authorization: Bearer <token>`.',
          },
        },
      },
    },
    transform: transformRoute,
    transformObject: (input) => {
      const document = jsonSchemaTransformObject(input) as unknown as Json;
      // Paths are absolute (/v2/...): the server is wherever the document was fetched from.
      document.servers = [
        { url: '/', description: 'The AMP instance serving this document (local, staging or production)', 'x-internal': false },
      ];
      completeSchemas(document);
      completeOperations(document);
      completeComponents(document);
      return document as unknown as ReturnType<typeof jsonSchemaTransformObject>;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
