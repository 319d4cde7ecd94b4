import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clusters } from '../../db/schema/cluster.js';
import { organisationNamesAs } from '../registration/registration.public.js';

/** Clusters as an assignment or an SLA targets them: the owner's among some ids, their row locks, one the caller sees with its owner. */

const organisations = organisationNamesAs('organisations');

/** The organisation's clusters among the ids ({ id, code, name }; another owner's are simply missing). */
export async function clustersOfOrganisationAmong(db: Db, organisationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: clusters.id, code: clusters.clusterCode, name: clusters.name })
    .from(clusters)
    .where(and(eq(clusters.organisationId, organisationId), inArray(clusters.id, ids)));
}

/** Row locks on the clusters, in id order: assignments of a cluster and of its assets are settled one at a time. */
export async function lockClusterRows(tx: Db, ids: string[]) {
  if (ids.length === 0) return;
  await tx.select({ id: clusters.id }).from(clusters).where(inArray(clusters.id, ids)).orderBy(asc(clusters.id)).for('update');
}

/** A cluster within `visibility` (a condition on "clusters": what a provider or its technician sees), with its owner; nothing otherwise. */
export async function findVisibleClusterRef(db: Db, visibility: SQL, id: string) {
  const [row] = await db
    .select({ id: clusters.id, code: clusters.clusterCode, name: clusters.name, owner: { id: organisations.id, name: organisations.name } })
    .from(clusters)
    .innerJoin(organisations, eq(organisations.id, clusters.organisationId))
    .where(and(eq(clusters.id, id), visibility))
    .limit(1);
  return row;
}
