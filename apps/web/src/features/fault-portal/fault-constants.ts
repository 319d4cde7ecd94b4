import type { FAULT_IMAGE_EXTENSIONS as CONTRACT_EXTENSIONS, FaultType } from '@amp/contracts/fault';
import type { IMAGE_CONTENT_TYPES as CONTRACT_CONTENT_TYPES } from '@amp/contracts/file';

// The contract's constants the form draws with, copied here: importing packages/contracts'
// fault.ts or file.ts would bring zod with them to the portal's first load (the schema is loaded
// when the form is first used: fault-rules.ts). The types below fail the typecheck when a copy
// drifts from the contract; the API checks every value again.

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export const FAULT_TYPES = ['Repair', 'Replacement'] as const;
export const FAULT_IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;
/** MAX_BYTES_OF_KIND.image of packages/contracts/src/file.ts. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

const sameTypes: Same<(typeof FAULT_TYPES)[number], FaultType> = true;
const sameExtensions: Same<(typeof FAULT_IMAGE_EXTENSIONS)[number], (typeof CONTRACT_EXTENSIONS)[number]> = true;
const sameContentTypes: Same<(typeof IMAGE_CONTENT_TYPES)[number], (typeof CONTRACT_CONTENT_TYPES)[number]> = true;
void [sameTypes, sameExtensions, sameContentTypes];
