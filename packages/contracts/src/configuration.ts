import { z } from 'zod';
import { dataOf } from './fields.js';
import { formatMessage } from './messages.js';
import { makeSrConfigurationSchema, srConfigurationAnswerSchema } from './service-request.js';
import { makeWoConfigurationSchema, woConfigurationAnswerSchema } from './work-order.js';

/**
 * An owner's configuration of one document type (docs/api-contract.md#configuration-issues-9-and-10):
 * `sr` (service requests) or `wo` (work orders), saved through the same two calls. A body without
 * a type is a service request configuration, as before work orders had one.
 */
export const CONFIGURATION_TYPES = ['sr', 'wo'] as const;
export type ConfigurationType = (typeof CONFIGURATION_TYPES)[number];

const withType = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && (value as { type?: unknown }).type === undefined
    ? { ...value, type: 'sr' }
    : value;

export const configurationSchema = z.preprocess(
  withType,
  z.discriminatedUnion(
    'type',
    [makeSrConfigurationSchema(formatMessage).extend({ type: z.literal('sr') }), makeWoConfigurationSchema(formatMessage)],
    { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Type' }) },
  ),
);
export type ConfigurationInput = z.infer<typeof configurationSchema>;

export const configurationAnswer = dataOf(z.union([srConfigurationAnswerSchema, woConfigurationAnswerSchema]));
