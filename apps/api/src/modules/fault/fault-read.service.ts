import type { Language } from '@amp/contracts/account';
import {
  FAULT_PUBLIC_EVENTS,
  type FaultCounts,
  type FaultDetail,
  type FaultFormAsset,
  type FaultFormCluster,
  type FaultListQuery,
  type FaultPortalAssetQuery,
  type FaultPublicEvent,
  type FaultSummary,
  type FaultTrack,
  type ReportableAssetQuery,
  type ReportableClusterQuery,
} from '@amp/contracts/fault';
import { FAULT_WORKFLOW } from '@amp/contracts/fault.workflow';
import { pageMeta } from '@amp/contracts/fields';
import { isOpen } from '@amp/contracts/workflow';
import { ownedBy, visible } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import { countTabs } from '../../kernel/document-lists.js';
import { toTimeline } from '../../kernel/timeline.js';
import { notFound } from '../../lib/errors.js';
import { consume } from '../../lib/rate-limit.js';
import type { Principal } from '../../plugins/auth.js';
import { listActivitiesOfSharedSubject, listStepsOfSubject } from '../activity/activity.public.js';
import { filesOf } from '../file/file.public.js';
import { FAULT } from './fault.kind.js';
import { faultParties } from './fault.parties.js';
import { findVisibleFault, reportsOf } from './fault.repository.js';
import { faultTabScope } from './fault.tabs.js';
import { listFaults } from './fault-list.repository.js';
import {
  type FormAssetRow,
  findActiveOwner,
  findFormAsset,
  findTrackedFault,
  listFormAssets,
  listFormClusters,
} from './fault-lookup.repository.js';

/** The fault reads: the list and its tabs, one fault, the tracking page, and the form's look-ups. */

/** Public look-ups per IP and minute (the tracking page and the portal's pickers): a person needs a handful, a scraper many. */
export const LOOKUP_LIMIT = { max: 120, windowSeconds: 60 };

function toSummary(row: Awaited<ReturnType<typeof listFaults>>['rows'][number]): FaultSummary {
  return {
    _id: row.id,
    code: row.code,
    status: row.status,
    faultType: row.faultType,
    description: row.description.slice(0, 300),
    asset: { _id: row.asset.id, assetID: row.asset.assetCode, name: row.asset.name },
    cluster: row.cluster ? { _id: row.cluster.id, clusterID: row.cluster.clusterCode, name: row.cluster.name } : null,
    locationID: row.locationId,
    source: row.source,
    reporterName: row.reporterName,
    reporters: row.reporters,
    owner: { _id: row.owner.id, name: row.owner.name },
    provider: row.provider ? { _id: row.provider.id, name: row.provider.name } : null,
    hasImage: Boolean(row.hasImage),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function list(db: Db, principal: Principal, query: FaultListQuery) {
  const { rows, total, totalIsLowerBound } = await listFaults(
    db,
    faultTabScope(principal, query.tab),
    principal,
    visible(principal, 'asset'),
    query,
  );
  return { data: rows.map(toSummary), meta: pageMeta(query.page, query.pageSize, total, totalIsLowerBound) };
}

/** GET /v2/fault/counts: the counted tabs, one statement (kernel/document-lists.ts). */
export async function counts(db: Db, principal: Principal): Promise<FaultCounts> {
  return countTabs(db, FAULT, principal);
}

/** One fault the caller sees (404 otherwise), with its reports, image, timeline and the caller's sides of it. */
export async function detail(db: Db, principal: Principal, id: string, language: Language): Promise<FaultDetail> {
  const row = await findVisibleFault(db, visible(principal, 'fault'), id);
  if (!row) throw notFound('fault');
  const parties = faultParties(principal, row);
  // The reporters' contacts are for the owner and the provider, who follow up; a reporter sees only their own.
  const seesContacts = parties.includes('owner') || parties.includes('provider');
  const [reports, [image], steps] = await Promise.all([
    reportsOf(db, id),
    filesOf(db, { type: 'fault', id }),
    listActivitiesOfSharedSubject(db, visible(principal, 'activity'), 'fault', id, 500),
  ]);
  const entries = await Promise.all(
    reports.slice(0, 500).map(async (report, index) => {
      const own = report.reporterUserId !== null && report.reporterUserId === principal.userId;
      const [reportImage] = index === 0 ? [image] : await filesOf(db, { type: 'fault_report', id: report.id });
      return {
        _id: report.id,
        name: report.name,
        email: seesContacts || own ? report.email : null,
        phoneNumber: seesContacts || own ? report.phone : null,
        source: report.source,
        description: report.description,
        image: reportImage ?? null,
        createdAt: report.createdAt.toISOString(),
      };
    }),
  );
  return {
    ...toSummary(row),
    description: row.description,
    state: row.stateAlias ? { state: row.stateName ?? row.stateAlias, alias: row.stateAlias } : null,
    lga: row.lga,
    locationName: row.locationName,
    image: image ?? null,
    reason: row.reason,
    reports: entries,
    timeline: toTimeline(language, steps),
    parties,
    convertedTo: row.convertedType && row.convertedId ? { type: row.convertedType, _id: row.convertedId } : null,
  };
}

const PUBLIC_EVENT_OF_ACTION = Object.fromEntries(FAULT_PUBLIC_EVENTS.map((event) => [`fault.${event}`, event])) as Record<
  string,
  FaultPublicEvent
>;

/** The tracking page (public, per IP): the status and what happened when, never who (no names, no contacts). */
export async function track(db: Db, code: string, ip: string): Promise<FaultTrack> {
  await consume(db, [{ key: `fault-track:ip:${ip}`, ...LOOKUP_LIMIT }]);
  const fault = await findTrackedFault(db, code);
  if (!fault) throw notFound('fault');
  const steps = await listStepsOfSubject(db, 'fault', fault.id, 500);
  return {
    code: fault.code,
    status: fault.status,
    open: isOpen(FAULT_WORKFLOW, fault.status),
    faultType: fault.faultType,
    asset: { assetID: fault.assetCode, name: fault.assetName },
    owner: fault.owner,
    timeZone: fault.timeZone,
    reportedAt: fault.createdAt.toISOString(),
    history: steps
      .filter((step) => PUBLIC_EVENT_OF_ACTION[step.action])
      .map((step) => {
        const event = PUBLIC_EVENT_OF_ACTION[step.action]!;
        const reason = event === 'returned' || event === 'rejected' ? String(step.params.reason ?? '') || null : null;
        return { event, at: step.createdAt.toISOString(), reason };
      }),
  };
}

function toFormAsset(row: FormAssetRow): FaultFormAsset {
  return {
    _id: row.id,
    assetID: row.assetCode,
    name: row.name,
    locationID: row.locationId,
    locationName: row.locationName,
    cluster: row.cluster ? { _id: row.cluster.id, clusterID: row.cluster.clusterCode, name: row.cluster.name } : null,
    state: row.stateAlias ? { state: row.stateName ?? row.stateAlias, alias: row.stateAlias } : null,
    lga: row.lga,
    owner: { _id: row.owner.id, name: row.owner.name },
    openFaults: row.openFaultCount,
  };
}

async function activeOwner(db: Db, ownerId: string) {
  const owner = await findActiveOwner(db, ownerId);
  if (!owner) throw notFound('owner');
  return owner;
}

/** The portal's owner (public): its name; an unknown or inactive owner is not found. */
export async function portalOwner(db: Db, ownerId: string, ip: string) {
  await consume(db, [{ key: `fault-lookup:ip:${ip}`, ...LOOKUP_LIMIT }]);
  const owner = await activeOwner(db, ownerId);
  return { _id: owner.id, name: owner.name };
}

/** The portal's asset picker (public): the owner's assets in service, of one cluster or outside any. */
export async function portalAssets(db: Db, ownerId: string, query: FaultPortalAssetQuery, ip: string) {
  await consume(db, [{ key: `fault-lookup:ip:${ip}`, ...LOOKUP_LIMIT }]);
  await activeOwner(db, ownerId);
  const { rows, total } = await listFormAssets(db, ownedBy(ownerId, 'asset'), query);
  return { data: rows.map(toFormAsset), meta: pageMeta(query.page, query.pageSize, total) };
}

/** A QR label's asset (public), to pre-fill the form: not found unless the owner's and in service. */
export async function portalAsset(db: Db, ownerId: string, assetId: string, ip: string): Promise<FaultFormAsset> {
  await consume(db, [{ key: `fault-lookup:ip:${ip}`, ...LOOKUP_LIMIT }]);
  await activeOwner(db, ownerId);
  const row = await findFormAsset(db, ownedBy(ownerId, 'asset'), assetId);
  if (!row || row.status === 'decommissioned') throw notFound('asset');
  return toFormAsset(row);
}

/** The signed-in Fault Portal's asset picker: assets the caller sees and may report on. */
export async function reportableAssets(db: Db, principal: Principal, query: ReportableAssetQuery) {
  const { rows, total } = await listFormAssets(db, visible(principal, 'asset'), { ...query, cluster: query.clusterId });
  return { data: rows.map(toFormAsset), meta: pageMeta(query.page, query.pageSize, total) };
}

/** The signed-in Fault Portal's cluster picker: clusters the caller sees. */
export async function reportableClusters(db: Db, principal: Principal, query: ReportableClusterQuery) {
  const { rows, total } = await listFormClusters(db, visible(principal, 'cluster'), query);
  const data: FaultFormCluster[] = rows.map((row) => ({
    _id: row.id,
    clusterID: row.clusterCode,
    name: row.name,
    state: row.stateAlias ? { state: row.stateName ?? row.stateAlias, alias: row.stateAlias } : null,
    lga: row.lga,
    owner: { _id: row.owner.id, name: row.owner.name },
  }));
  return { data, meta: pageMeta(query.page, query.pageSize, total) };
}
