import type { AnyAnswerOf, BodyOf, Operation, ParamsOf, QueryOf } from '@amp/contracts/operations/operation';
import type { FastifyReply, FastifyRequest, FastifySchema, RouteShorthandOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation of packages/contracts the route was registered from (lib/operation-routes.ts). */
    operation?: Operation;
  }
}

/** The request of an operation's route, as validated by its schemas. */
export type OperationRequest<O extends Operation> = FastifyRequest<{ Params: ParamsOf<O>; Querystring: QueryOf<O>; Body: BodyOf<O> }>;

/**
 * A handler answers what the operation declares, or the reply itself where it sends the answer on
 * its own (a file with lib/download.ts, a stream after `reply.hijack()`).
 */
export type OperationHandler<O extends Operation> = (
  request: OperationRequest<O>,
  reply: FastifyReply,
) => AnyAnswerOf<O> | FastifyReply | Promise<AnyAnswerOf<O> | FastifyReply>;

/** What a route may add to its operation, for the server alone (compression): never the schemas, documentation or access. */
export type RouteExtras = Pick<RouteShorthandOptions, 'compress'>;

/** The route's URL under the prefix its plugin is registered with (`/v2`); an operation outside it is a mistake. */
function urlUnder(prefix: string, path: string): string {
  if (!path.startsWith(`${prefix}/`)) throw new Error(`The operation ${path} is not under ${prefix}, where its routes are registered`);
  return path.slice(prefix.length);
}

/** The Fastify schema of an operation: what plugins/openapi.ts documents and the zod compilers check. */
export function schemaOf(operation: Operation): FastifySchema {
  const { tags, summary, operationId, description, params, query, body, upload, response } = operation;
  return {
    tags: [...tags],
    summary,
    operationId,
    ...(description ? { description } : {}),
    ...(params ? { params } : {}),
    ...(query ? { querystring: query } : {}),
    ...(body ? { body } : {}),
    ...(upload ? { upload } : {}),
    // No answer declared: Fastify documents its default one, as for a route without a response schema.
    ...(Object.keys(response).length > 0 ? { response } : {}),
  };
}

/**
 * Registers the route of one operation (decision 0029): its method, path, schemas, documentation
 * and access rule are the operation's, so the route and the web's call cannot disagree; the
 * handler is the route's only part.
 */
export function operationRoute<O extends Operation>(app: RouteApp, operation: O, handler: OperationHandler<O>, extras?: RouteExtras) {
  app.route({
    ...extras,
    method: operation.method,
    url: urlUnder(app.prefix, operation.path),
    schema: schemaOf(operation),
    config: { access: operation.access, ...(operation.versioned ? { versioned: true } : {}), operation },
    handler: handler as never,
  });
}

/** Path params naming one document: a single field (`id`, or `_id` where the API names it so). */
export type DocumentParams = z.ZodObject<Record<string, z.ZodType<string>>>;

/** The one field of `params`, whose value is the document's id; anything else is a mistake in the operation. */
export function documentIdField(params: z.ZodType | undefined): string {
  const fields = Object.keys((params as DocumentParams | undefined)?.shape ?? {});
  if (fields.length !== 1) throw new Error(`A step's params name its document by one field, not ${fields.length}: ${fields.join(', ')}`);
  return fields[0]!;
}

type StepRun<O extends Operation> = (request: OperationRequest<O>, id: string, body: BodyOf<O>) => Promise<unknown>;

/**
 * The routes of a document's workflow steps (stepOperations in contracts): each takes one step on
 * the document its path names, then answers. `answer` reads the document again as the step left it,
 * with what the caller may now do; without it, a step answers what it returns.
 */
export function stepRoutes(app: RouteApp, answer?: (request: FastifyRequest, id: string) => Promise<unknown>) {
  return <O extends Operation>(operation: O, run: StepRun<O>) => {
    const idField = documentIdField(operation.params);
    operationRoute(app, operation, async (request) => {
      const id = (request.params as Record<string, string>)[idField]!;
      const result = await run(request, id, request.body as BodyOf<O>);
      return (answer ? answer(request, id) : result) as AnyAnswerOf<O>;
    });
  };
}
