import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * Serializes every answer by its declared zod schema (DESIGN.md section 5): what is not declared
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
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    // A schema JSON Schema cannot express: checked by zod and written as it parses.
    return (data) => {
      const result = answer.safeParse(data);
      if (!result.success) throw new Error('answer does not match its contract', { cause: result.error });
      return JSON.stringify(result.data);
    };
  }
}
