import { holds, type Permission } from '@amp/contracts/permissions';
import { type SQL, sql } from 'drizzle-orm';
import { defineReach } from '../../access/registry.js';
import { oneSideOfTab, type TabCounter } from '../../access/tab-counter.js';
import { anyOf, readsAsProvider, type Viewer, type ViewerKeys } from '../../access/viewer.js';

declare module '../../access/registry.js' {
  interface Subjects {
    service_request: true;
  }
}

/** Who reads an owner's service requests: its staff who send them or read its lists. */
const OWNER_SR_READS: Permission[] = ['viewSR', 'viewOutgoingSR', 'viewCompletedSR'];
/** Who reads a provider's: its managers (not its technicians, who see the ones assigned to them). */
const PROVIDER_SR_READS: Permission[] = ['viewIncomingSR', 'viewCompletedSR'];

type SrTab = 'outgoing' | 'incoming' | 'completed';
/** Each list is its menu entry's (docs/roles-and-permissions.md): without the entry's permission, an empty list. */
const TAB_PERMISSION = { outgoing: 'viewOutgoingSR', incoming: 'viewIncomingSR', completed: 'viewCompletedSR' } as const;

const readsAsOwner = (viewer: Viewer) => viewer.organisationKind === 'asset_owner' && holds(viewer.permissions, OWNER_SR_READS);
const readsAsProviderManager = (viewer: Viewer) => readsAsProvider(viewer) && holds(viewer.permissions, PROVIDER_SR_READS);

const assignedServiceRequest = (keys: ViewerKeys) =>
  sql`exists (select 1 from service_request_assignees sra where sra.service_request_id = "service_requests"."id" and sra.user_id = ${keys.userId})`;

/**
 * On the outer "service_requests" row:
 * - the owner's staff holding viewSR, viewOutgoingSR or viewCompletedSR: the requests it sent;
 * - a provider's managers (viewOrganizationAssignedAsset, or an external technician) holding
 *   viewIncomingSR or viewCompletedSR: the requests sent to it;
 * - anyone assigned to a request: that request.
 */
function visibleServiceRequests(viewer: Viewer): SQL {
  const reaches: SQL[] = [];
  if (readsAsOwner(viewer)) reaches.push(sql`"service_requests"."organisation_id" = ${viewer.organisationId}`);
  if (readsAsProviderManager(viewer)) reaches.push(sql`"service_requests"."provider_id" = ${viewer.organisationId}`);
  reaches.push(assignedServiceRequest(viewer));
  return anyOf(reaches);
}

/**
 * On the outer "service_requests" row: the requests the viewer sees and is assigned to themselves
 * (the technician's home, whoever the viewer is: a provider's manager sees all its organisation's,
 * but only their own assignments are their day's work).
 */
export function visibleServiceRequestsAssignedToViewer(viewer: Viewer): SQL {
  return sql`(${visibleServiceRequests(viewer)} and ${assignedServiceRequest(viewer)})`;
}

/**
 * visibleServiceRequests narrowed to a list's tab, written so each reach uses its index: Outgoing
 * is the owner's (organisation_id), Incoming the provider's (provider_id) for its managers and the
 * assigned ones for a technician, Completed any of them. Statuses are the caller's to add.
 */
export function visibleServiceRequestsIn(viewer: Viewer, tab: SrTab): SQL {
  const owner = readsAsOwner(viewer) ? sql`"service_requests"."organisation_id" = ${viewer.organisationId}` : undefined;
  const provider = readsAsProviderManager(viewer) ? sql`"service_requests"."provider_id" = ${viewer.organisationId}` : undefined;
  // A provider's managers reach every request of their organisation, the assigned ones included.
  const assigned = provider ?? assignedServiceRequest(viewer);
  if (!holds(viewer.permissions, TAB_PERMISSION[tab])) return sql`false`;
  if (tab === 'outgoing') return owner ?? sql`false`;
  if (tab === 'incoming') return owner && !provider ? sql`false` : assigned;
  return anyOf(owner ? [owner] : [assigned]);
}

/**
 * When visibleServiceRequestsIn(viewer, tab) is exactly "the viewer's organisation's requests on one
 * side" (an owner's staff on Outgoing or Completed, a provider's managers on Incoming or Completed),
 * that organisation and side: the list's unfiltered total and the tab's count are then the
 * counters (service_request_counts) rather than a count of rows. Otherwise undefined.
 */
export function serviceRequestTabCounter(viewer: Viewer, tab: SrTab): TabCounter | undefined {
  if (!holds(viewer.permissions, TAB_PERMISSION[tab])) return undefined;
  return oneSideOfTab(viewer, tab, { owner: readsAsOwner(viewer), provider: readsAsProviderManager(viewer) });
}

/**
 * Whether a provider's person reaches service requests only through their own assignments (the
 * `assigned` reach of visibleServiceRequestsIn: not the provider's managers). The dashboards count
 * theirs live from the assignee table.
 */
export function reachesOnlyAssignedRequests(viewer: Viewer): boolean {
  if (viewer.organisationKind === 'asset_owner') return false;
  return !readsAsProviderManager(viewer);
}

/**
 * A request's files, its observations' evidence (observations.service_request_id) and the images of
 * the fault it was raised from (service_requests.fault_id) are seen by whoever sees the request.
 */
export const serviceRequestReach = defineReach({
  subject: 'service_request',
  table: 'service_requests',
  condition: visibleServiceRequests,
  attached: [
    { host: 'file', kind: 'service_request' },
    { host: 'file', kind: 'observation', through: { table: 'observations', column: 'service_request_id' } },
    { host: 'file', kind: 'fault', through: { parentColumn: 'fault_id' } },
    { host: 'activity', kind: 'service_request' },
  ],
});
