import type { Permission } from './permissions.js';

/** An access requirement: one permission, or any one of a list (docs/roles-and-permissions.md#how-access-works). */
export type PermissionRule = Permission | readonly Permission[];

/**
 * Whether the granted permissions meet a rule. Apart from permissions.ts (which re-exports it) so
 * that a bundle needing only the check leaves the help texts out (the web's first script).
 */
export function holds(granted: readonly string[], rule: PermissionRule | undefined): boolean {
  if (rule === undefined) return true;
  const anyOf = typeof rule === 'string' ? [rule] : rule;
  return anyOf.some((p) => granted.includes(p));
}
