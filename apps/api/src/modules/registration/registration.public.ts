import { type AnyColumn, and, asc, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { organisations } from '../../db/schema/registration.js';
import { containsPattern, pageOffset } from '../../lib/list-query.js';
import { qualified } from '../../lib/qualified.js';

/**
 * What other modules may use of organisations: their projections. An organisation's row is the
 * registration module's; a document shows its owner's, provider's or supplier's name through these,
 * one indexed lookup per row, without joining the organisations table itself
 * (docs/decisions/0033-tables-with-owners.md).
 */

/** The name of the organisation whose id is in `column`, a reference that is never null (a document's owner or provider). */
export const organisationNameOf = (column: AnyColumn | SQL) =>
  sql<string>`(select o.name from organisations o where o.id = ${qualified(column)})`;

/**
 * Organisations' ids and names as a subquery to join, named `name`: a list joins its parties' names
 * (PostgreSQL flattens it into the plan of a table join: decision 0033 "Where a list joins").
 */
export const organisationNamesAs = <Name extends string>(name: Name) =>
  new QueryBuilder().select({ id: organisations.id, name: organisations.name }).from(organisations).as(name);

/** Organisations' ids, names and kinds as a subquery to join, named `name`: the other side of an assignment (planned like organisationNamesAs). */
export const organisationKindsAs = <Name extends string>(name: Name) =>
  new QueryBuilder().select({ id: organisations.id, name: organisations.name, kind: organisations.kind }).from(organisations).as(name);

/** Organisations' ids, names, addresses and contacts as a subquery to join, named `name`: a printed order's parties (planned like organisationNamesAs). */
export const organisationContactsAs = <Name extends string>(name: Name) =>
  new QueryBuilder()
    .select({
      id: organisations.id,
      name: organisations.name,
      address: organisations.address,
      state: organisations.state,
      lga: organisations.lga,
      telephone: organisations.telephone,
      email: organisations.email,
    })
    .from(organisations)
    .as(name);

/** The time zone of the organisation whose id is in `column`: a public page shows its times in the owner's zone. */
export const organisationTimeZoneOf = (column: AnyColumn | SQL) =>
  sql<string>`(select o.time_zone from organisations o where o.id = ${qualified(column)})`;

/** An organisation as answers name one ({ id, name }), or null when the column is. */
export const organisationRefOf = (column: AnyColumn | SQL) =>
  sql<{
    id: string;
    name: string;
  } | null>`(select json_build_object('id', o.id, 'name', o.name) from organisations o where o.id = ${qualified(column)})`;

/** Whether the organisation whose id is in `column` is an active asset owner: the public portal shows only theirs (a condition, one indexed lookup). */
export const isActiveAssetOwnerIn = (column: AnyColumn | SQL) =>
  sql<boolean>`exists (select 1 from organisations o where o.id = ${qualified(column)} and o.kind = 'asset_owner' and o.status = 'active')`;

/** The active organisations per kind as one JSON object ({ kind: count }, null when there is none): the super admin's dashboard, a scalar subquery of its one statement. */
export const activeOrganisationsPerKind = () =>
  sql<Record<
    string,
    number
  > | null>`(select json_object_agg(k.kind, k.total) from (select o.kind, count(*)::int as total from organisations o where o.status = 'active' group by 1) k)`;

/** The count of registrations waiting for a decision (pending organisations, never the platform): the super admin's dashboard, a scalar subquery. */
export const pendingRegistrationsCount = () =>
  sql<number>`(select count(*)::int from organisations o where o.status = 'pending' and o.kind <> 'platform')`;

/** Whether the organisation is an active asset owner: the public portal serves only theirs. */
export async function isActiveAssetOwner(db: Db, organisationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.id, organisationId), eq(organisations.kind, 'asset_owner'), eq(organisations.status, 'active')))
    .limit(1);
  return row !== undefined;
}

/** An organisation's id, name and kind, or nothing (a provider's own score card). */
export async function findOrganisation(db: Db, id: string) {
  const [row] = await db
    .select({ id: organisations.id, name: organisations.name, kind: organisations.kind })
    .from(organisations)
    .where(eq(organisations.id, id))
    .limit(1);
  return row;
}

/** Locks the organisation's row until the transaction ends, without blocking rows that reference it (an asset import's pricebook writes one after the other). */
export async function lockOrganisation(tx: Db, organisationId: string): Promise<void> {
  await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, organisationId)).for('no key update');
}

/** An active organisation of this kind ({ id, name }): a document's receiver (a provider, a supplier), checked when chosen. */
export async function findActiveOrganisation(db: Db, id: string, kind: string) {
  const [row] = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(and(eq(organisations.id, id), eq(organisations.kind, kind as never), eq(organisations.status, 'active')))
    .limit(1);
  return row;
}

/** At most 100 active organisations of these kinds ({ id, name }), by name, matching a search, the `first` ones first: a send form's choices. */
export async function activeOrganisationChoices(db: Db, kinds: readonly string[], search: string | undefined, first: readonly string[]) {
  const pattern = search ? containsPattern(search) : undefined;
  // The preferred ones first (an ORDER BY cannot take a constant, hence none without them).
  const preferred =
    first.length > 0
      ? [
          sql`${organisations.id} in (${sql.join(
            first.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) desc`,
        ]
      : [];
  return db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(
      and(
        inArray(organisations.kind, kinds as never[]),
        eq(organisations.status, 'active'),
        pattern ? sql`${organisations.name} ilike ${pattern}` : undefined,
      ),
    )
    .orderBy(...preferred, asc(sql`lower(${organisations.name})`), asc(organisations.id))
    .limit(100);
}

/** A page of the active organisations of a kind ({ id, name, state }), by name, optionally searched, with their total. */
export async function activeOrganisationPage(db: Db, kind: string, query: { search?: string; page: number; pageSize: number }) {
  const where = and(
    eq(organisations.kind, kind as never),
    eq(organisations.status, 'active'),
    query.search ? ilike(organisations.name, containsPattern(query.search)) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: organisations.id, name: organisations.name, state: organisations.state })
      .from(organisations)
      .where(where)
      .orderBy(asc(sql`lower(${organisations.name})`), asc(organisations.id))
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    db.select({ total: count() }).from(organisations).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** An active organisation of one of these kinds ({ id, name, kind }), or nothing: an owner assigns only to an active provider. */
export async function findActiveOrganisationOfKinds(db: Db, id: string, kinds: readonly string[]) {
  const [row] = await db
    .select({ id: organisations.id, name: organisations.name, kind: organisations.kind })
    .from(organisations)
    .where(and(eq(organisations.id, id), inArray(organisations.kind, [...kinds] as never[]), eq(organisations.status, 'active')))
    .limit(1);
  return row;
}
