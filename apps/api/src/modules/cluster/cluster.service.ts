import {
  CLUSTER_CODE_PREFIX,
  type Cluster,
  type ClusterCreateInput,
  type ClusterEditInput,
  type ClusterListQuery,
  formatCode,
} from '@amp/contracts/asset';
import { pageMeta } from '@amp/contracts/fields';
import { visibleOwn } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { nextCodeNumber } from '../../kernel/document-codes.js';
import { conflict, invalidField, notFound } from '../../lib/errors.js';
import { write } from '../../lib/write.js';
import type { Principal } from '../../plugins/auth.js';
import { resolveLocation } from '../reference/reference.public.js';
import {
  type ClusterRow,
  clusterCodeTaken,
  countAssetsInCluster,
  deleteCluster,
  findCluster,
  findVisibleCluster,
  insertCluster,
  listClusters,
  updateCluster,
} from './cluster.repository.js';

export function toCluster(row: ClusterRow): Cluster {
  return {
    _id: row.id,
    clusterID: row.clusterCode,
    name: row.name,
    state: row.stateAlias ? { state: row.stateName ?? row.stateAlias, alias: row.stateAlias } : null,
    lga: row.lga,
    address: row.address,
    description: row.description,
    assetCount: Number(row.assetCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An optional text field: absent leaves it, empty clears it. */
const optional = (value: string | undefined) => (value === undefined ? undefined : value || null);

const codeTaken = () => invalidField('clusterID', 'VALIDATION.CODE_TAKEN', { field: 'Cluster ID' });

/** Generated codes may meet a code typed by hand; a few retries settle a race on the unique index. */
const GENERATED_CODE_RETRIES = 2;

/** One of the caller's organisation's clusters they see (the owner's pages), else 404. */
async function getCluster(db: Db, principal: Principal, id: string) {
  const row = await findVisibleCluster(db, visibleOwn(principal, 'cluster'), id);
  if (!row) throw notFound('cluster');
  return row;
}

/** The next free generated code (CL-000001, ...) of the organisation, inside the caller's transaction. */
export async function generateClusterCode(tx: Db, organisationId: string): Promise<string> {
  for (;;) {
    const code = formatCode(CLUSTER_CODE_PREFIX, await nextCodeNumber(tx, organisationId, 'cluster'));
    if (!(await clusterCodeTaken(tx, organisationId, code))) return code;
  }
}

export async function create(deps: Deps, principal: Principal, input: ClusterCreateInput): Promise<Cluster> {
  const typedCode = input.clusterID || undefined;
  if (typedCode && (await clusterCodeTaken(deps.db, principal.organisationId, typedCode))) throw codeTaken();
  const location = await resolveLocation(deps.db, input.state || null, input.lga || null);
  const id = await write(
    deps,
    principal,
    async (tx, fx) => {
      const clusterCode = typedCode ?? (await generateClusterCode(tx, principal.organisationId));
      const clusterId = await insertCluster(tx, {
        organisationId: principal.organisationId,
        clusterCode,
        name: input.name,
        ...location,
        address: input.address || null,
        description: input.description || null,
        createdBy: principal.userId,
      });
      fx.activity({
        action: 'cluster.created',
        params: { name: input.name, code: clusterCode },
        subject: { type: 'cluster', id: clusterId },
      });
      return clusterId;
    },
    // A code typed by hand and taken meanwhile is the caller's to change.
    { onUniqueViolation: codeTaken, retriesOnUniqueViolation: typedCode ? 0 : GENERATED_CODE_RETRIES },
  );
  // Answered even to a creator holding createNewAsset alone, who does not read the organisation's clusters.
  return toCluster((await findCluster(deps.db, principal.organisationId, id))!);
}

export async function list(db: Db, principal: Principal, query: ClusterListQuery) {
  const { rows, total } = await listClusters(db, visibleOwn(principal, 'cluster'), query);
  return { data: rows.map(toCluster), meta: pageMeta(query.page, query.pageSize, total) };
}

export async function get(db: Db, principal: Principal, id: string): Promise<Cluster> {
  return toCluster(await getCluster(db, principal, id));
}

export async function edit(deps: Deps, principal: Principal, id: string, input: ClusterEditInput): Promise<Cluster> {
  const current = await getCluster(deps.db, principal, id);
  const clusterCode = input.clusterID || undefined;
  if (clusterCode && (await clusterCodeTaken(deps.db, principal.organisationId, clusterCode, id))) throw codeTaken();
  const touchesLocation = input.state !== undefined || input.lga !== undefined;
  const location = touchesLocation
    ? await resolveLocation(
        deps.db,
        input.state === undefined ? current.stateAlias : input.state || null,
        input.lga === undefined ? current.lga : input.lga || null,
      )
    : {};
  await write(
    deps,
    principal,
    async (tx, fx) => {
      await updateCluster(tx, principal.organisationId, id, {
        clusterCode,
        name: input.name,
        ...location,
        address: optional(input.address),
        description: optional(input.description),
      });
      fx.activity({
        action: 'cluster.updated',
        params: { name: input.name ?? current.name, code: clusterCode ?? current.clusterCode },
        subject: { type: 'cluster', id },
      });
    },
    { onUniqueViolation: codeTaken },
  );
  return toCluster(await getCluster(deps.db, principal, id));
}

/** Only an empty cluster goes: one with assets (decommissioned ones too) is a 409. */
export async function remove(deps: Deps, principal: Principal, id: string): Promise<void> {
  const current = await getCluster(deps.db, principal, id);
  if ((await countAssetsInCluster(deps.db, principal.organisationId, id)) > 0) throw conflict('CLUSTER.NOT_EMPTY');
  await write(
    deps,
    principal,
    async (tx, fx) => {
      if (!(await deleteCluster(tx, principal.organisationId, id))) throw notFound('cluster');
      fx.activity({
        action: 'cluster.deleted',
        params: { name: current.name, code: current.clusterCode },
        subject: { type: 'cluster', id },
      });
    },
    // An asset added meanwhile: the foreign key refuses the delete.
    { onForeignKeyViolation: () => conflict('CLUSTER.NOT_EMPTY') },
  );
}
