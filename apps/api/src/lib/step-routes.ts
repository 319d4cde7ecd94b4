import type { FastifyRequest, HTTPMethods } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AccessRule } from '../plugins/access.js';

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/** Path params naming one document: a single field (`id`, or `_id` where the mobile apps' call names it so). */
export type DocumentParams = z.ZodObject<Record<string, z.ZodType<string>>>;

/** What every step of one kind of document shares. */
export interface StepRoutesShared {
  tags: string[];
  params: DocumentParams;
  response: Record<number, z.ZodType>;
  /**
   * The answer: the document as the step left it, read again with what the caller may now do.
   * Without it, the step answers what it returns.
   */
  answer?: (request: FastifyRequest, id: string) => Promise<unknown>;
  /** The steps are workflow steps on the document (lib/transition.ts): their changes read If-Match. */
  versioned?: boolean;
}

/** One step's own part of its route: who may take it, its documentation, and its body when it takes one. */
export interface StepRoute<Body extends z.ZodType | undefined> {
  access: AccessRule;
  summary: string;
  operationId: string;
  description?: string;
  body?: Body;
  /** Another field naming the document than the shared params'. */
  params?: DocumentParams;
}

type StepRun<Body extends z.ZodType | undefined> = (
  request: FastifyRequest,
  id: string,
  body: Body extends z.ZodType ? z.infer<Body> : undefined,
) => Promise<unknown>;

/** The one field of `params`, whose value is the document's id; anything else is a mistake in the route. */
export function documentIdField(params: DocumentParams): string {
  const fields = Object.keys(params.shape);
  if (fields.length !== 1) throw new Error(`A step's params name its document by one field, not ${fields.length}: ${fields.join(', ')}`);
  return fields[0]!;
}

/**
 * The routes of a document's workflow steps (update, approve, accept, dispatch, close...): each takes
 * one step on the document its path names, then answers. The steps of a kind of document share their
 * tags, params and answers; each route still states its method, URL, access rule and step.
 */
export function stepRoutes(app: RouteApp, shared: StepRoutesShared) {
  const route =
    (method: HTTPMethods) =>
    <Body extends z.ZodType | undefined = undefined>(url: string, step: StepRoute<Body>, run: StepRun<Body>) => {
      const params = step.params ?? shared.params;
      const idField = documentIdField(params);
      const { access, summary, operationId, description, body } = step;
      app.route({
        method,
        url,
        schema: {
          tags: shared.tags,
          summary,
          operationId,
          ...(description ? { description } : {}),
          params,
          ...(body ? { body } : {}),
          response: shared.response,
        },
        config: { access, ...(shared.versioned && method !== 'GET' ? { versioned: true } : {}) },
        handler: async (request) => {
          const id = (request.params as Record<string, string>)[idField]!;
          const result = await run(request, id, request.body as Parameters<StepRun<Body>>[2]);
          return shared.answer ? shared.answer(request, id) : result;
        },
      });
    };
  return { get: route('GET'), post: route('POST'), put: route('PUT') };
}
