import { holds, type Permission } from '@amp/contracts/permissions';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { seesOrganisationAssignments } from './assignment-visibility.js';

/** Who asks: a signed-in principal (its organisation, its kind and the permissions of its role). */
export interface Viewer {
  userId: string;
  organisationId: string;
  organisationKind: string;
  permissions: readonly string[];
}

/**
 * The ids a condition binds: the viewer's own, or placeholders of those names in a statement
 * prepared once per connection and shared by every viewer of the same shape (the fault and work
 * order lists).
 */
export interface ViewerKeys {
  userId: string | Placeholder;
  organisationId: string | Placeholder;
}

/** The placeholders a shared list shape binds: the viewer's organisation and user, bound at each request. */
export const VIEWER_KEYS: ViewerKeys = { organisationId: sql.placeholder('organisationId'), userId: sql.placeholder('userId') };

// The assignment predicates bind ids into SQL; a placeholder binds the same way in a prepared statement.
export const asId = (key: string | Placeholder) => key as string;

/** Any one of the reaches; none is `false`. */
export const anyOf = (conditions: readonly SQL[]): SQL =>
  conditions.length === 0 ? sql`false` : sql`(${sql.join([...conditions], sql` or `)})`;

/** Who reads the organisation's own assets (and what hangs on them: SLAs, pricebooks of its providers, its drafts' uploads). */
export const OWNER_READS: Permission[] = ['viewAsset', 'manageAsset'];

/**
 * Whether the viewer reads as a provider's manager: holding viewOrganizationAssignedAsset, or an
 * external technician (who works alone): what the organisation holds (assignment-visibility.ts).
 */
export function readsAsProvider(viewer: Viewer): boolean {
  return (
    holds(viewer.permissions, 'viewOrganizationAssignedAsset') ||
    seesOrganisationAssignments(viewer.organisationKind as Parameters<typeof seesOrganisationAssignments>[0])
  );
}

/** A technician reaches what is dispatched to them (a provider's managers reach all it holds instead). */
export function readsAsTechnician(viewer: Viewer): boolean {
  return !readsAsProvider(viewer) && holds(viewer.permissions, 'viewTechAssignedAsset');
}
