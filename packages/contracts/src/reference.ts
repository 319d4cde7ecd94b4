import { z } from 'zod';
import { listOf, out } from './fields.js';
import { stateRefSchema } from './user.js';

/** Answers of the reference data calls (docs/api-contract.md, "Account"). */

/** GET /v2/states: a state with its LGAs, as the registration and cluster forms read it. */
export const stateWithLgasSchema = stateRefSchema.extend({ lgas: z.array(out.text(100)).max(200) }).meta({ id: 'StateWithLgas' });
export type StateWithLgas = z.infer<typeof stateWithLgasSchema>;
export const statesAnswer = listOf(stateWithLgasSchema, 100);

/** GET /v2/config/public: the address the web app is reached at. */
export const publicConfigSchema = z.object({ publicUrl: out.text(2000) }).meta({ id: 'PublicConfig' });
export type PublicConfig = z.infer<typeof publicConfigSchema>;
