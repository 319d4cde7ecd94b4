import type { z } from 'zod';
import { out } from '../fields.js';
import type { AccessRule } from './access-rule.js';

export type { AccessRule, PermissionAccess } from './access-rule.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * An answer that is a file rather than JSON (a download, a template, an error report): the API
 * document shows its bytes as each of the types it may come as; the route sends the bytes itself.
 */
export interface FileAnswer {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

/** A file answer of the given types, of at most maxBytes. */
export function fileAnswer(description: string, types: readonly string[], maxBytes: number): FileAnswer {
  return { description, content: Object.fromEntries(types.map((type) => [type, { schema: out.binary(maxBytes) }])) };
}

/** The media type of an XLSX file, as the API sends it (apps/api/src/lib/spreadsheet.ts reads it from here). */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The media types of a spreadsheet (CSV or XLSX): exports, templates. */
export const SPREADSHEET_TYPES = ['text/csv', XLSX_TYPE] as const;

/**
 * The answers of an operation by status code: its success answer and the errors it adds to the
 * shared ones. An operation with none (a stream its handler writes) documents the default answer.
 */
export type Responses = Record<number, z.ZodType | FileAnswer>;

/**
 * A multipart upload, which the route reads itself (apps/api/src/lib/upload.ts), so the operation
 * has no `body` schema: the API document shows it as the request body (apps/api/src/plugins/openapi.ts).
 */
export interface Upload {
  /** The multipart field of the file (`file` when left out). */
  field?: string;
  maxBytes: number;
  description: string;
}

/**
 * One operation of the API, declared once (decision 0029): the API registers its route from it
 * (method, path, schemas, documentation, access rule) and the web derives its typed call from it
 * (the path to fill in, the body's type, the answer's type). The OpenAPI document is generated from
 * the routes, so it says what the operation says.
 */
export interface Operation<
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Answers extends Responses = Responses,
> {
  method: HttpMethod;
  /** The whole path, `/v2/...`, with `:name` for each path parameter. */
  path: string;
  tags: readonly string[];
  summary: string;
  operationId: string;
  description?: string;
  access: AccessRule;
  /** A workflow step or an edit of a record that carries a version: the change reads If-Match. */
  versioned?: boolean;
  params?: Params;
  query?: Query;
  body?: Body;
  /** The operation takes a file as multipart form data instead of a JSON body. */
  upload?: Upload;
  response: Answers;
}

/** Declares an operation, keeping its schemas' own types for the route's handler and the web's call. */
export function operation<
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Answers extends Responses = Responses,
>(declared: Operation<Params, Query, Body, Answers>): Operation<Params, Query, Body, Answers> {
  return declared;
}

type Infer<S, Otherwise> = S extends z.ZodType ? z.output<S> : Otherwise;
type Input<S, Otherwise> = S extends z.ZodType ? z.input<S> : Otherwise;

/** What the server reads once validated. */
export type ParamsOf<O> =
  O extends Operation<infer P, z.ZodType | undefined, z.ZodType | undefined, Responses> ? Infer<P, undefined> : never;
export type QueryOf<O> =
  O extends Operation<z.ZodType | undefined, infer Q, z.ZodType | undefined, Responses> ? Infer<Q, undefined> : never;
export type BodyOf<O> = O extends Operation<z.ZodType | undefined, z.ZodType | undefined, infer B, Responses> ? Infer<B, undefined> : never;

/** What a client sends: the contract's input types (before defaults and trimming). */
export type ParamsInput<O> =
  O extends Operation<infer P, z.ZodType | undefined, z.ZodType | undefined, Responses> ? Input<P, undefined> : never;
export type QueryInput<O> =
  O extends Operation<z.ZodType | undefined, infer Q, z.ZodType | undefined, Responses> ? Input<Q, undefined> : never;
export type BodyInput<O> =
  O extends Operation<z.ZodType | undefined, z.ZodType | undefined, infer B, Responses> ? Input<B, undefined> : never;

type SuccessCode = 200 | 201 | 202;
/** The success answer of an operation, as a client reads it. */
export type AnswerOf<O> =
  O extends Operation<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, infer A>
    ? { [C in keyof A & SuccessCode]: A[C] extends z.ZodType ? z.output<A[C]> : never }[keyof A & SuccessCode]
    : never;
/** Anything the server may answer (a success, or one of the errors the operation declares). */
export type AnyAnswerOf<O> =
  O extends Operation<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, infer A>
    ? { [C in keyof A]: A[C] extends z.ZodType ? z.input<A[C]> : never }[keyof A]
    : never;

/** The path of an operation with its parameters filled in. */
export function pathOf(declared: Pick<Operation, 'path'>, params?: Record<string, string | number>): string {
  return declared.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_whole, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${declared.path} needs the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** What the steps of one kind of document share: their tags, the params naming the document, their answers. */
export interface StepShared<Params extends z.ZodType, Answers extends Responses> {
  tags: readonly string[];
  params: Params;
  response: Answers;
  /** The steps are workflow steps on the document: their changes (not a GET) read If-Match. */
  versioned?: boolean;
}

type StepOwn<Body extends z.ZodType | undefined, Params extends z.ZodType> = Pick<
  Operation,
  'summary' | 'operationId' | 'description' | 'access'
> & {
  body?: Body;
  /** Another field naming the document than the shared params'. */
  params?: Params;
};

/**
 * The operations of a document's workflow steps (update, approve, accept, close...): each takes one
 * step on the document its path names and answers the document. Each step still states its method,
 * path, access rule and documentation; the rest is the kind of document's.
 */
export function stepOperations<SharedParams extends z.ZodType, Answers extends Responses>(shared: StepShared<SharedParams, Answers>) {
  const step =
    (method: HttpMethod) =>
    <Body extends z.ZodType | undefined = undefined, Params extends z.ZodType = SharedParams>(
      path: string,
      own: StepOwn<Body, Params>,
    ): Operation<Params, undefined, Body, Answers> => {
      const { summary, operationId, description, access, body, params } = own;
      return {
        method,
        path,
        tags: shared.tags,
        summary,
        operationId,
        ...(description ? { description } : {}),
        access,
        ...(shared.versioned && method !== 'GET' ? { versioned: true } : {}),
        params: (params ?? shared.params) as Params,
        ...(body ? { body } : {}),
        response: shared.response,
      };
    };
  return { get: step('GET'), post: step('POST'), put: step('PUT') };
}
