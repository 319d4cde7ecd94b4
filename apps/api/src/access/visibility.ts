import { type OrganisationKind, SYSTEM_ROLE_KEYS, SYSTEM_ROLES } from '@amp/contracts/organisation';
import { holds, type Permission } from '@amp/contracts/permissions';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  assetVisibleToProvider,
  assetVisibleToTechnician,
  clusterVisibleToProvider,
  clusterVisibleToTechnician,
  seesOrganisationAssignments,
} from './assignment-visibility.js';

/**
 * THE answer to "may this principal see these records" (DESIGN.md rule 4), one SQL condition per
 * subject on the outer table of that name, for repositories to fold into their queries: a record
 * outside it is simply not found (404), exactly like another tenant's. Workflow modules add their
 * subjects here (fault, service request, work order, purchase order, warehouse).
 *
 * Who reaches assets and clusters, by permission (not by role name, so custom roles behave):
 * - the owner organisation's staff holding viewAsset or manageAsset: its own records;
 * - a provider's staff holding viewOrganizationAssignedAsset (and an external technician, who
 *   works alone): what the organisation holds (assignment-visibility.ts);
 * - a provider's technician holding viewTechAssignedAsset: what is dispatched to them.
 */
export interface Viewer {
  userId: string;
  organisationId: string;
  organisationKind: string;
  permissions: readonly string[];
}

export type Subject = 'asset' | 'cluster' | 'sla' | 'file' | 'user' | 'role' | 'registration' | 'mail';

const OWNER_READS: Permission[] = ['viewAsset', 'manageAsset'];

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
function seesOwn(viewer: Viewer, subject: OwnedSubject): boolean {
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

const anyOf = (conditions: SQL[]): SQL => (conditions.length === 0 ? sql`false` : sql`(${sql.join(conditions, sql` or `)})`);

function readsAsProvider(viewer: Viewer): boolean {
  return (
    holds(viewer.permissions, 'viewOrganizationAssignedAsset') ||
    seesOrganisationAssignments(viewer.organisationKind as Parameters<typeof seesOrganisationAssignments>[0])
  );
}

/** On the outer "assets" row. */
export function visibleAssets(viewer: Viewer): SQL {
  const reaches: SQL[] = [];
  if (seesOwn(viewer, 'asset')) reaches.push(ownedBy(viewer.organisationId, 'asset'));
  if (readsAsProvider(viewer)) reaches.push(assetVisibleToProvider(viewer.organisationId));
  else if (holds(viewer.permissions, 'viewTechAssignedAsset')) reaches.push(assetVisibleToTechnician(viewer.userId, viewer.organisationId));
  return anyOf(reaches);
}

/** On the outer "clusters" row. */
export function visibleClusters(viewer: Viewer): SQL {
  const reaches: SQL[] = [];
  if (seesOwn(viewer, 'cluster')) reaches.push(ownedBy(viewer.organisationId, 'cluster'));
  if (readsAsProvider(viewer)) reaches.push(clusterVisibleToProvider(viewer.organisationId));
  else if (holds(viewer.permissions, 'viewTechAssignedAsset'))
    reaches.push(clusterVisibleToTechnician(viewer.userId, viewer.organisationId));
  return anyOf(reaches);
}

/** On the outer "slas" row: the owner's staff who see its assets, and the provider organisation it binds. */
export function visibleSlas(viewer: Viewer): SQL {
  const reaches: SQL[] = [sql`"slas"."provider_id" = ${viewer.organisationId}`];
  if (holds(viewer.permissions, OWNER_READS)) reaches.push(sql`"slas"."organisation_id" = ${viewer.organisationId}`);
  return anyOf(reaches);
}

/**
 * On the outer "files" row: a file attached to a record is seen by whoever sees that record; an
 * upload not yet attached by the person who uploaded it and by colleagues who see their
 * organisation's assets (they may be filling in the same form).
 */
export function visibleFiles(viewer: Viewer): SQL {
  const colleagues = holds(viewer.permissions, OWNER_READS) ? sql`or "files"."organisation_id" = ${viewer.organisationId}` : sql``;
  return sql`(
    ("files"."subject_type" is null and ("files"."uploaded_by" = ${viewer.userId} ${colleagues}))
    or ("files"."subject_type" = 'asset' and exists (select 1 from assets where assets.id = "files"."subject_id" and ${visibleAssets(viewer)}))
    or ("files"."subject_type" = 'sla' and exists (select 1 from slas where slas.id = "files"."subject_id" and ${visibleSlas(viewer)}))
  )`;
}

/** On the outer "users" row: one's own organisation's people (the admin pages add their permission). */
export function visibleUsers(viewer: Viewer): SQL {
  return ownedBy(viewer.organisationId, 'user');
}

/** On the outer "roles" row: one's own organisation's custom roles and the system roles of its kind (an MRO: MRO and Technician). */
export function visibleRoles(viewer: Viewer): SQL {
  const own = ownedBy(viewer.organisationId, 'role');
  const systemKeys = SYSTEM_ROLE_KEYS.filter((key) => SYSTEM_ROLES[key].kinds.includes(viewer.organisationKind as OrganisationKind));
  if (systemKeys.length === 0) return own;
  const keys = sql.join(
    systemKeys.map((key) => sql`${key}`),
    sql`, `,
  );
  return sql`(${own} or ("roles"."organisation_id" is null and "roles"."system_key" in (${keys})))`;
}

/** On the outer "organisations" row: registrations (any organisation but the platform) are the platform's to decide. */
export function visibleRegistrations(viewer: Viewer): SQL {
  return viewer.organisationKind === 'platform' && holds(viewer.permissions, 'manageUserRegistration')
    ? sql`"organisations"."kind" <> 'platform'`
    : sql`false`;
}

/** On the outer "mail_outbox" row: the platform's operator sees the delivery of every mail (never its body). */
export function visibleMail(viewer: Viewer): SQL {
  return viewer.organisationKind === 'platform' && holds(viewer.permissions, 'manageUserRegistration') ? sql`true` : sql`false`;
}

const CONDITIONS: Record<Subject, { table: string; condition: (viewer: Viewer) => SQL }> = {
  asset: { table: 'assets', condition: visibleAssets },
  cluster: { table: 'clusters', condition: visibleClusters },
  sla: { table: 'slas', condition: visibleSlas },
  file: { table: 'files', condition: visibleFiles },
  user: { table: 'users', condition: visibleUsers },
  role: { table: 'roles', condition: visibleRoles },
  registration: { table: 'organisations', condition: visibleRegistrations },
  mail: { table: 'mail_outbox', condition: visibleMail },
};

/** The condition for a subject, on its outer table. */
export function visible(viewer: Viewer, subject: Subject): SQL {
  return CONDITIONS[subject].condition(viewer);
}

/** Which of these ids of a subject the viewer sees (the others: not found). */
export async function visibleIds(db: Db, viewer: Viewer, subject: Subject, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { table, condition } = CONDITIONS[subject];
  const result = await db.execute(
    sql`select "${sql.raw(table)}"."id" as id from ${sql.raw(`"${table}"`)} where "${sql.raw(table)}"."id" in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and ${condition(viewer)}`,
  );
  return new Set((result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id));
}
