import { holds } from '@amp/contracts/permissions';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { OWNER_READS, type Viewer } from './viewer.js';

/** The subjects an organisation holds itself: their tables carry its organisation_id. */
export type OwnedSubject = 'asset' | 'cluster' | 'user' | 'role';

const OWNED_TABLES: Record<OwnedSubject, string> = { asset: 'assets', cluster: 'clusters', user: 'users', role: 'roles' };

/**
 * On the outer row of a subject: the records the organisation holds itself (plain tenancy, on the
 * tenant's indexes). A placeholder stands for the id in a prepared statement.
 */
export function ownedBy(organisationId: string | Placeholder, subject: OwnedSubject): SQL {
  return sql`${sql.identifier(OWNED_TABLES[subject])}."organisation_id" = ${organisationId}`;
}

/** Assets and clusters by permission; one's colleagues and roles always. */
export function seesOwn(viewer: Viewer, subject: OwnedSubject): boolean {
  return subject === 'asset' || subject === 'cluster' ? holds(viewer.permissions, OWNER_READS) : true;
}

/**
 * The part of `visible` within the viewer's own organisation, for its own pages (its asset list,
 * its custom roles), which never show what other organisations assign to it. Only ownedBy or
 * false, so an owner's list stays on organisation_id = $1; in a statement prepared for every
 * viewer, `organisationId` is the placeholder bound to the viewer's organisation.
 */
export function visibleOwn(viewer: Viewer, subject: OwnedSubject, organisationId: string | Placeholder = viewer.organisationId): SQL {
  return seesOwn(viewer, subject) ? ownedBy(organisationId, subject) : sql`false`;
}
