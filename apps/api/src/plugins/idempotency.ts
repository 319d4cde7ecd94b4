import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { idempotentRequests } from '../db/schema/index.js';
import { AppError, invalidField } from '../lib/errors.js';
import { type RequestContext, runInRequest } from '../lib/request-context.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes a workflow step on the record its path names (lib/transition.ts), so it reads
     * If-Match: a step on a record changed since that version answers 412. Elsewhere If-Match is
     * not read (and not in the route's OpenAPI parameters).
     */
    versioned?: boolean;
  }
  interface FastifyRequest {
    /** The request's Idempotency-Key and If-Match, when it sent either (lib/request-context.ts). */
    requestContext: RequestContext | null;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** An Idempotency-Key: 8 to 128 of A-Z a-z 0-9 _ - : . (the OpenAPI document declares the same pattern). */
export const IDEMPOTENCY_KEY_PATTERN = '^[A-Za-z0-9_\\-:.]{8,128}$';
const KEY = new RegExp(IDEMPOTENCY_KEY_PATTERN);
/** A claim without an answer this old was applied and its answer lost (the process stopped between the two). */
const ANSWER_LOST_AFTER_MS = 60_000;
export const IDEMPOTENCY_REPLAYED_HEADER = 'idempotent-replayed';

/**
 * If-Match as the API takes it: `*`, or one record version (its `updatedAt` as the answers give
 * it, an ISO instant in UTC), quoted as an entity tag or not, weak (`W/`) or not. The OpenAPI
 * document declares the same pattern.
 */
const INSTANT = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?Z';
export const IF_MATCH_PATTERN = `^(\\*|(W/)?"${INSTANT}"|${INSTANT})$`;
const IF_MATCH = new RegExp(IF_MATCH_PATTERN);

/** If-Match's version, or null for `*` (any version). */
function versionOf(header: string): Date | null | 'invalid' {
  const value = header.trim();
  if (!IF_MATCH.test(value)) return 'invalid';
  if (value === '*') return null;
  const instant = new Date(value.replace(/^W\//, '').replaceAll('"', ''));
  return Number.isNaN(instant.getTime()) ? 'invalid' : instant;
}

function contextOf(request: FastifyRequest): RequestContext | null {
  const keyHeader = request.headers['idempotency-key'];
  // Only a route that takes a versioned step reads If-Match.
  const matchHeader = request.routeOptions.config?.versioned === true ? request.headers['if-match'] : undefined;
  if (keyHeader === undefined && matchHeader === undefined) return null;
  const key = Array.isArray(keyHeader) ? keyHeader[0] : keyHeader;
  if (key !== undefined && !KEY.test(key)) throw new AppError(400, 'IDEMPOTENCY.KEY_INVALID');
  const match = Array.isArray(matchHeader) ? matchHeader[0] : matchHeader;
  const ifMatch = match === undefined ? null : versionOf(match);
  if (ifMatch === 'invalid') throw invalidField('If-Match', 'VALIDATION.NOT_VALID', { field: 'If-Match' });
  const path = request.url.split('?')[0]!;
  return {
    idempotency: key ? { scope: request.auth?.userId ?? 'anonymous', key, method: request.method, path, claimed: false } : null,
    ifMatch,
  };
}

/** Answers a repeat from the stored request, or says why it cannot; false: apply the request. */
async function answeredFromStore(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const claim = request.requestContext?.idempotency;
  if (!claim) return false;
  const [stored] = await db
    .select()
    .from(idempotentRequests)
    .where(and(eq(idempotentRequests.scope, claim.scope), eq(idempotentRequests.key, claim.key)));
  if (!stored) return false;
  if (stored.method !== claim.method || stored.path !== claim.path) throw new AppError(422, 'IDEMPOTENCY.KEY_REUSED');
  if (stored.statusCode === null) {
    if (Date.now() - stored.createdAt.getTime() < ANSWER_LOST_AFTER_MS) throw new AppError(409, 'IDEMPOTENCY.IN_PROGRESS');
    // Applied (its key committed with its change), its answer never stored: done, say so.
    throw new AppError(409, 'IDEMPOTENCY.APPLIED', {}, undefined, { [IDEMPOTENCY_REPLAYED_HEADER]: 'true' });
  }
  reply
    .code(stored.statusCode)
    .header(IDEMPOTENCY_REPLAYED_HEADER, 'true')
    .type(stored.contentType ?? 'application/json; charset=utf-8')
    .send(stored.body ?? '');
  return true;
}

/** Deletes keys older than a week (housekeeping): a queued action is replayed within days, a week-old key is no longer repeated. Returns how many. */
export async function sweepOldIdempotencyKeys(db: Db): Promise<number> {
  const gone = await db
    .delete(idempotentRequests)
    .where(lt(idempotentRequests.createdAt, sql`now() - interval '7 days'`))
    .returning({ key: idempotentRequests.key });
  return gone.length;
}

/**
 * Idempotency-Key and If-Match on mutating /v2 requests (docs/api-contract.md, "Repeats and
 * versions"): an offline client replays its queued actions, maybe more than once, each based on the
 * version of the record it saw. A key seen before gets its first answer again; a new one is claimed
 * by the request's first write (lib/write.ts) and its answer stored here once sent. Registered
 * before compression, so the answer is stored as the route serialised it.
 */
export function registerIdempotency(app: FastifyInstance, db: Db) {
  app.decorateRequest('requestContext', null);
  // After the route's own onRequest hooks (the session is known) and the body's parsing.
  app.addHook('preHandler', (request, reply, done) => {
    if (!MUTATING.has(request.method) || !request.url.startsWith('/v2/')) return done();
    let context: RequestContext | null;
    try {
      context = contextOf(request);
    } catch (error) {
      return done(error as Error);
    }
    if (!context) return done();
    request.requestContext = context;
    answeredFromStore(db, request, reply).then(
      (answered) => {
        if (!answered) runInRequest(context, done);
      },
      (error: Error) => done(error),
    );
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.requestContext?.idempotency;
    if (!claim?.claimed || reply.statusCode < 200 || reply.statusCode >= 300 || reply.getHeader(IDEMPOTENCY_REPLAYED_HEADER))
      return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    await db
      .update(idempotentRequests)
      .set({
        statusCode: reply.statusCode,
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        body: payload.toString(),
        answeredAt: sql`now()`,
      })
      .where(and(eq(idempotentRequests.scope, claim.scope), eq(idempotentRequests.key, claim.key)));
    return payload;
  });
}
