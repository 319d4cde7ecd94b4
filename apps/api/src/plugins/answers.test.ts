import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializerCompiler, nullableAsKeyword } from './answers.js';

const row = z.object({
  code: z.string(),
  asset: z.object({ _id: z.string(), name: z.string() }).nullable(),
  dueDate: z.string().nullable(),
  sentAt: z.iso.datetime().nullable(),
  rating: z.number().int().nullable(),
  tags: z.array(z.string()).nullable(),
  status: z.enum(['open', 'closed']).nullable(),
  either: z.union([z.string(), z.number()]).nullable(),
});
const page = z.object({ data: z.array(row) });

const write = (strict: boolean) =>
  answerSerializerCompiler({ strict })({ schema: page, method: 'GET', url: '/test', httpStatus: '200' } as never) as (
    data: unknown,
  ) => string;

describe('answer serialization', () => {
  it('writes nullable values as JSON.stringify would, null or not, dropping what is not declared', () => {
    const full = {
      code: 'WO-1',
      asset: { _id: 'a1', name: 'Pump "A"', secret: 'x' },
      dueDate: '2026-12-01',
      sentAt: '2026-11-23T10:00:00.000Z',
      rating: 4,
      tags: ['a', 'b'],
      status: 'open',
      either: 7,
      hidden: 'not declared',
    };
    const empty = { code: 'WO-2', asset: null, dueDate: null, sentAt: null, rating: null, tags: null, status: null, either: null };
    const { hidden: _, ...declared } = full;
    const expected = JSON.stringify({ data: [{ ...declared, asset: { _id: 'a1', name: 'Pump "A"' } }, empty] });
    for (const strict of [true, false]) expect(write(strict)({ data: [full, empty] })).toBe(expected);
  });

  it('turns a two-branch anyOf with null into the nullable keyword', () => {
    const schema = nullableAsKeyword(z.toJSONSchema(row, { target: 'draft-7', io: 'output' })) as {
      properties: Record<string, Record<string, unknown>>;
    };
    expect(schema.properties.asset).toMatchObject({ type: 'object', nullable: true });
    expect(schema.properties.asset).not.toHaveProperty('anyOf');
    // A timestamp's branch carries its format and pattern: validated at every answer before.
    expect(schema.properties.sentAt).toMatchObject({ type: 'string', format: 'date-time', nullable: true });
    // zod writes a plain nullable string as a type list, which fast-json-stringify checks by typeof already.
    expect(schema.properties.dueDate).toEqual({ type: ['string', 'null'] });
    expect(schema.properties.status).toMatchObject({ type: 'string', enum: ['open', 'closed'], nullable: true });
    expect(schema.properties.tags).toMatchObject({ type: 'array', nullable: true });
  });
});
