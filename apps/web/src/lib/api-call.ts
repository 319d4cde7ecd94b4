import {
  type AnswerOf,
  type BodyInput,
  type Operation,
  type ParamsInput,
  pathOf,
  type QueryInput,
} from '@amp/contracts/operations/operation';
import { apiRequest } from './api';

/**
 * The typed calls of the API, derived from the operations of packages/contracts/src/operations
 * (decision 0029): the path is the operation's with its parameters filled in, the body is the
 * contract's input type, the answer the contract's answer. No URL or body shape is written twice.
 */

/** One part of a call's input: left out where the operation takes none, optional where nothing in it is required. */
type Part<Name extends string, Value> = [Value] extends [undefined]
  ? { [K in Name]?: undefined }
  : undefined extends Value
    ? { [K in Name]?: Value }
    : object extends Value
      ? { [K in Name]?: Value }
      : { [K in Name]: Value };

/**
 * A query as the pages keep it: the operation's parameters only, each as its contract takes it or as
 * a URL carries it (a list's filters live in the address as text; the API validates them).
 */
type QueryArg<Query> = [Query] extends [undefined] ? undefined : { [K in keyof Query]?: Query[K] | string | number | null };

/** What a call sends: the operation's path parameters, query and body, each where it takes one. */
export type CallInput<O extends Operation> = Part<'params', ParamsInput<O>> &
  Part<'query', QueryArg<QueryInput<O>>> &
  Part<'body', BodyInput<O>>;

/** The input is left out when the operation takes none. */
type InputArgs<O extends Operation> = object extends CallInput<O> ? [input?: CallInput<O>] : [input: CallInput<O>];

/** The path of a call, as the offline outbox keeps it (offline/outbox). */
export function callPath<O extends Operation>(operation: O, params?: ParamsInput<O>): string {
  return pathOf(operation, params as Record<string, string> | undefined);
}

/** A POST or PUT that reads no body still sends an empty object, as the API's JSON parser expects one. */
function bodyOf(operation: Operation, body: unknown): unknown {
  if (body !== undefined) return body;
  return operation.method === 'POST' || operation.method === 'PUT' ? {} : undefined;
}

/** Calls the operation; the whole answer (`{ data, meta? }`), or an ApiError thrown. */
export function callAnswer<O extends Operation>(operation: O, ...[input]: InputArgs<O>): Promise<AnswerOf<O>> {
  const { params, query, body } = (input ?? {}) as { params?: Record<string, string>; query?: Record<string, never>; body?: unknown };
  return apiRequest<AnswerOf<O>>(operation.method, pathOf(operation, params), bodyOf(operation, body), query);
}

/** Calls the operation; the `data` of its answer. */
export async function call<O extends Operation>(
  operation: O,
  ...input: InputArgs<O>
): Promise<AnswerOf<O> extends { data: infer Data } ? Data : never> {
  const answer = (await callAnswer(operation, ...input)) as { data: AnswerOf<O> extends { data: infer Data } ? Data : never };
  return answer.data;
}

/**
 * A contract's body whose lines are a form's own: a quantity left empty goes as '' so that the API
 * answers its "required" message on that line's path (components/forms/cost-lines.ts). Every other
 * field is the contract's input type.
 */
export type WithLines<Body, Line> = Body extends { lines?: unknown } ? Omit<Body, 'lines'> & { lines: Line[] } : Body;
