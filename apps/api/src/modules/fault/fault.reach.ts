import { FAULT_STATUSES, type FaultStatus } from '@amp/contracts/fault';
import { holds, type Permission } from '@amp/contracts/permissions';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { assetVisibleToProvider, assetVisibleToTechnician } from '../../access/assignment-visibility.js';
import { defineReach } from '../../access/registry.js';
import { anyOf, asId, readsAsProvider, readsAsTechnician, type Viewer, type ViewerKeys } from '../../access/viewer.js';

declare module '../../access/registry.js' {
  interface Subjects {
    fault: true;
  }
}

/** Who reads an owner's faults: its staff who handle faults or see its assets. */
const OWNER_FAULT_READS: Permission[] = ['manageAssetFault', 'viewAsset'];

/** A fault still with its provider (a technician's report before approval, or returned to its reporter) is not the owner's yet. */
const WITH_PROVIDER_STATUSES: readonly FaultStatus[] = ['awaiting_provider', 'returned'];
const WITH_PROVIDER = sql`"faults"."status" in ('awaiting_provider', 'returned')`;

/** Statuses written into the SQL (the contracts' constants, never input), so the planner matches them to the indexes. */
function statusIn(statuses: readonly FaultStatus[]): SQL {
  for (const status of statuses) if (!FAULT_STATUSES.includes(status)) throw new Error(`Not a fault status: ${status}`);
  return sql.raw(`"faults"."status" in (${statuses.map((status) => `'${status}'`).join(', ')})`);
}

/**
 * On the outer "faults" row (decision 0015):
 * - the owner's staff holding manageAssetFault or viewAsset: its faults, except those still with the provider;
 * - a provider's managers (viewOrganizationAssignedAsset, or an external technician): the faults
 *   their organisation approves (provider_id) and, once with the owner, those on assets it holds now;
 * - a technician: faults on assets dispatched to them (their provider's, or once with the owner);
 * - the reporter: their own, wherever it is (the two readers above already cover theirs).
 */
export function visibleFaults(viewer: Viewer, keys: ViewerKeys = viewer): SQL {
  return visibleFaultsIn(viewer, undefined, keys);
}

/**
 * visibleFaults narrowed to the faults in `statuses` (a list's tab), the same decision written so
 * each reach can use an index: the owner's becomes `organisation_id = $1 and status in (the
 * statuses of the tab it reads)` (faults_org_status_created_idx, or a tab's partial index), the
 * others carry the tab's statuses. Without `statuses`, exactly visibleFaults.
 */
export function visibleFaultsIn(viewer: Viewer, statuses: readonly FaultStatus[] | undefined, keys: ViewerKeys = viewer): SQL {
  const { owner, others } = faultReaches(viewer, statuses, keys);
  return anyOf(owner ? [owner.reach, ...others] : others);
}

/**
 * The reaches of visibleFaultsIn: the owner's (with the statuses it covers when narrowed to a tab)
 * apart from the others, so that ownerFaultTab can tell when a tab is the owner's alone.
 */
function faultReaches(
  viewer: Viewer,
  statuses: readonly FaultStatus[] | undefined,
  keys: ViewerKeys,
): { owner: { reach: SQL; statuses?: readonly FaultStatus[] } | undefined; others: SQL[] } {
  let owner: { reach: SQL; statuses?: readonly FaultStatus[] } | undefined;
  const others: SQL[] = [];
  const inTab = (reach: SQL) => (statuses ? sql`(${reach} and ${statusIn(statuses)})` : reach);
  // Only an owner's faults carry its organisation_id; technicians hold manageAssetFault too.
  const ownerReads = viewer.organisationKind === 'asset_owner' && holds(viewer.permissions, OWNER_FAULT_READS);
  if (ownerReads) {
    if (!statuses) owner = { reach: sql`("faults"."organisation_id" = ${keys.organisationId} and not ${WITH_PROVIDER})` };
    else {
      const owners = statuses.filter((status) => !WITH_PROVIDER_STATUSES.includes(status));
      if (owners.length > 0) owner = { reach: ownerFaultsIn(keys.organisationId, owners), statuses: owners };
    }
  }
  const ownProviderOrOwners = sql`("faults"."provider_id" = ${keys.organisationId} or not ${WITH_PROVIDER})`;
  if (readsAsProvider(viewer)) {
    others.push(inTab(sql`"faults"."provider_id" = ${keys.organisationId}`));
    others.push(
      inTab(
        sql`(not ${WITH_PROVIDER} and exists (select 1 from assets where assets.id = "faults"."asset_id" and ${assetVisibleToProvider(asId(keys.organisationId))}))`,
      ),
    );
  } else if (readsAsTechnician(viewer)) {
    others.push(
      inTab(
        sql`(${ownProviderOrOwners} and exists (select 1 from assets where assets.id = "faults"."asset_id" and ${assetVisibleToTechnician(asId(keys.userId), asId(keys.organisationId))}))`,
      ),
    );
  }
  if (!ownerReads && !readsAsProvider(viewer)) {
    others.push(
      inTab(
        sql`("faults"."reporter_user_id" = ${keys.userId} or exists (select 1 from fault_reports fr where fr.fault_id = "faults"."id" and fr.reporter_user_id = ${keys.userId}))`,
      ),
    );
  }
  return { owner, others };
}

/** One organisation's faults in these statuses (the faults' organisation_id is their owner). */
function ownerFaultsIn(organisationId: string | Placeholder, statuses: readonly FaultStatus[]): SQL {
  return sql`("faults"."organisation_id" = ${organisationId} and ${statusIn(statuses)})`;
}

/**
 * When visibleFaultsIn(viewer, statuses) is exactly "the viewer's organisation's faults in S" (an
 * owner's staff reading only as the owner: no provider's, technician's or reporter's reach), S;
 * otherwise undefined. Such a tab's count is the owner's counters (organisation_fault_counts)
 * rather than a count of rows (decision 0015).
 */
export function ownerFaultTab(viewer: Viewer, statuses: readonly FaultStatus[]): readonly FaultStatus[] | undefined {
  const { owner, others } = faultReaches(viewer, statuses, viewer);
  return others.length === 0 ? owner?.statuses : undefined;
}

/**
 * On the outer "faults" row: the faults waiting for a decision the viewer's organisation takes and
 * the viewer may take (the Approval Requests tab): the owner's rejections, the provider's approvals.
 */
export function faultsAwaitingViewer(viewer: Viewer, keys: ViewerKeys = viewer): SQL {
  const { owner, provider } = awaitingViewer(viewer, keys);
  return anyOf([owner, provider].filter((wait): wait is SQL => wait !== undefined));
}

/** The statuses in which a fault waits for its owner's decision. */
const OWNER_DECISIONS: readonly FaultStatus[] = ['awaiting_owner'];

/** The owner's decisions (its faults awaiting it) for a manageAssetFault holder; the provider's approvals for its managers. */
function awaitingViewer(viewer: Viewer, keys: ViewerKeys): { owner: SQL | undefined; provider: SQL | undefined } {
  return {
    owner: holds(viewer.permissions, 'manageAssetFault') ? ownerFaultsIn(keys.organisationId, OWNER_DECISIONS) : undefined,
    provider: holds(viewer.permissions, 'viewOrganizationAssignedAsset')
      ? sql`("faults"."provider_id" = ${keys.organisationId} and "faults"."status" = 'awaiting_provider')`
      : undefined,
  };
}

/**
 * When the approval tab (visibleFaults and faultsAwaitingViewer) is exactly "the viewer's
 * organisation's faults awaiting it" (an owner's manageAssetFault holder who decides nothing as a
 * provider; its owner reach covers them all), those statuses; otherwise undefined (ownerFaultTab).
 */
export function ownerFaultApprovals(viewer: Viewer): readonly FaultStatus[] | undefined {
  const { owner, provider } = awaitingViewer(viewer, viewer);
  return owner && !provider && ownerFaultTab(viewer, OWNER_DECISIONS) ? OWNER_DECISIONS : undefined;
}

/** A fault's images, and each report's (fault_reports.fault_id), are seen by whoever sees the fault. */
export const faultReach = defineReach({
  subject: 'fault',
  table: 'faults',
  condition: (viewer) => visibleFaults(viewer),
  attached: [
    { host: 'file', kind: 'fault' },
    { host: 'file', kind: 'fault_report', through: { table: 'fault_reports', column: 'fault_id' } },
    { host: 'activity', kind: 'fault' },
  ],
});
