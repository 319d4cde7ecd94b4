import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * Serializes every answer by its declared zod schema (docs/api-contract.md): what is not declared
 * is dropped, so nothing leaks that the contract does not name.
 *
 * The answer is written by fast-json-stringify, compiled from the schema's JSON Schema (as Fastify
 * does by default): it writes only declared properties and is faster than JSON.stringify. With
 * `strict` (the tests), every answer is first checked against its zod schema, and one that breaks
 * its contract is a 500 (logged), never sent. Production skips that check: it cost four times the
 * serialisation of a 20-row asset page (decision 0014).
 */
export function answerSerializerCompiler(options: { strict: boolean }): FastifySerializerCompiler<ZodType | { properties: ZodType }> {
  return ({ schema, method, url }) => {
    const answer = schema instanceof z.ZodType ? schema : schema.properties;
    const write = compile(answer);
    return (data: unknown) => {
      if (options.strict) {
        const result = answer.safeParse(data);
        if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      }
      return write(data);
    };
  };
}

function compile(answer: ZodType): (data: unknown) => string {
  try {
    const jsonSchema = z.toJSONSchema(answer, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
    return fastJson(nullableAsKeyword(jsonSchema) as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    // A schema JSON Schema cannot express: checked by zod and written as it parses.
    return (data) => {
      const result = answer.safeParse(data);
      if (!result.success) throw new Error('answer does not match its contract', { cause: result.error });
      return JSON.stringify(result.data);
    };
  }
}

type JsonSchema = { [key: string]: unknown };

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * zod writes a nullable value as `anyOf: [its schema, { type: 'null' }]`; fast-json-stringify
 * serializes an anyOf by validating the value against each branch (ajv, at every answer), which
 * cost more than the rest of a 20-row page's serialization. The same schema with fast-json-stringify's
 * own `nullable: true` writes null or the value by a plain check. Anything else is left as it is.
 */
export function nullableAsKeyword(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableAsKeyword);
  if (!isSchema(schema)) return schema;
  const rewritten: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) rewritten[key] = nullableAsKeyword(value);
  const branches = rewritten.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return rewritten;
  const nullAt = branches.findIndex((branch) => isSchema(branch) && branch.type === 'null' && Object.keys(branch).length === 1);
  const other = branches[1 - nullAt];
  if (nullAt === -1 || !isSchema(other) || typeof other.type !== 'string' || other.anyOf || other.oneOf || other.allOf) return rewritten;
  const { anyOf: _, ...siblings } = rewritten;
  return { ...siblings, ...other, nullable: true };
}
