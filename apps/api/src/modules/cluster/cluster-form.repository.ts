import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clusters } from '../../db/schema/cluster.js';
import { containsPattern, pageOffset } from '../../lib/list-query.js';
import { stateNamesAs } from '../reference/reference.public.js';
import { organisationNamesAs } from '../registration/registration.public.js';

// The owners' projections, joined under their tables' own names.
const states = stateNamesAs('states');
const organisations = organisationNamesAs('organisations');

/** A page of clusters within `scope` (the access module's condition on "clusters"), for the signed-in fault form. */
export async function listFormClusters(db: Db, scope: SQL, query: { search?: string; page: number; pageSize: number }) {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const where = and(scope, pattern ? or(ilike(clusters.name, pattern), ilike(clusters.clusterCode, pattern)) : undefined);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: clusters.id,
        clusterCode: clusters.clusterCode,
        name: clusters.name,
        stateAlias: clusters.state,
        stateName: states.name,
        lga: clusters.lga,
        owner: { id: organisations.id, name: organisations.name },
      })
      .from(clusters)
      .innerJoin(organisations, eq(organisations.id, clusters.organisationId))
      .leftJoin(states, eq(states.alias, clusters.state))
      .where(where)
      .orderBy(sql`lower(${clusters.name})`, asc(clusters.id))
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(clusters)
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
