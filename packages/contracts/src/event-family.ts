import type { Language } from './account.js';
import type { Permission } from './permissions.js';

/** Who may receive a notification event: the super admins, an organisation's staff, the staff assigned, or the author of the record. */
export type Audience = 'super' | 'organisation' | 'technician' | 'author';

/** A module's notification events, each with who may hear it (`<module>.events.ts`). */
export type NotificationAudiences = Readonly<Record<string, Audience>>;

/**
 * A module's activity and notification texts (ACTIVITY.<action>, NOTIFICATION.<event>, its mails'):
 * English, and the other five languages with no key English lacks (scripts/check-locales.mjs holds
 * each to every key, with the same placeholders).
 */
export type EventTexts<Key extends string = string> = { readonly en: Readonly<Record<Key, string>> } & {
  readonly [L in Exclude<Language, 'en'>]: Readonly<Partial<Record<Key, string>>>;
};

/** The keys of each member of a union of objects (the union of their keys, not their common ones). */
export type KeysOfEach<U> = U extends unknown ? keyof U & string : never;

/** One object of many, refusing (at start) a key two of them define: each event is its module's alone. */
export function mergeOnce<Value>(parts: readonly Readonly<Record<string, Value>>[], what: string): Record<string, Value> {
  const merged: Record<string, Value> = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (Object.hasOwn(merged, key)) throw new Error(`${what} "${key}" is declared by two modules`);
      merged[key] = value;
    }
  }
  return merged;
}

/**
 * A document approved by cost, as its module declares it beside its approval events: the type the
 * approval engine and its routes name it by, the permission its approvers hold (and the menu entry
 * it opens) and the permission that configures its levels.
 */
export interface ApprovedByCostDeclaration {
  type: string;
  approver: Permission;
  configuration: Permission;
}
