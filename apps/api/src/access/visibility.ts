import { FAULT_STATUSES, type FaultParty, type FaultStatus } from '@amp/contracts/fault';
import { type OrganisationKind, SYSTEM_ROLE_KEYS, SYSTEM_ROLES } from '@amp/contracts/organisation';
import { holds, type Permission } from '@amp/contracts/permissions';
import { PO_BUYER_KINDS, type PoParty } from '@amp/contracts/purchase-order';
import type { SrParty } from '@amp/contracts/service-request';
import { WO_TAB_PERMISSION, type WoParty, type WoTab } from '@amp/contracts/work-order';
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
 * THE answer to "may this principal see these records" (docs/architecture.md#access-and-tenancy), one SQL condition per
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

export type Subject =
  | 'asset'
  | 'cluster'
  | 'sla'
  | 'file'
  | 'user'
  | 'role'
  | 'registration'
  | 'mail'
  | 'fault'
  | 'pricebook'
  | 'service_request'
  | 'work_order'
  | 'warehouse'
  | 'inventory_item'
  | 'material_request'
  | 'purchase_order';

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

/** A technician reaches what is dispatched to them (a provider's managers reach all it holds instead). */
function readsAsTechnician(viewer: Viewer): boolean {
  return !readsAsProvider(viewer) && holds(viewer.permissions, 'viewTechAssignedAsset');
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

/** Who reads an owner's faults: its staff who handle faults or see its assets. */
const OWNER_FAULT_READS: Permission[] = ['manageAssetFault', 'viewAsset'];

/** A fault still with its provider (a technician's report before approval, or returned to its reporter) is not the owner's yet. */
const WITH_PROVIDER_STATUSES: readonly FaultStatus[] = ['awaiting_provider', 'returned'];
const WITH_PROVIDER = sql`"faults"."status" in ('awaiting_provider', 'returned')`;

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

/** Statuses written into the SQL (the contracts' constants, never input), so the planner matches them to the indexes. */
function statusIn(statuses: readonly FaultStatus[]): SQL {
  for (const status of statuses) if (!FAULT_STATUSES.includes(status)) throw new Error(`Not a fault status: ${status}`);
  return sql.raw(`"faults"."status" in (${statuses.map((status) => `'${status}'`).join(', ')})`);
}

// The assignment predicates bind ids into SQL; a placeholder binds the same way in a prepared statement.
const asId = (key: string | Placeholder) => key as string;

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
 * Who a signed-in reporter is to the asset's owner, which decides where the report starts: its own
 * staff and a provider's managers report to the owner; a provider's technician to the provider.
 */
export function faultReporterSide(viewer: Viewer, ownerId: string): 'owner' | 'provider' | 'technician' {
  if (viewer.organisationId === ownerId) return 'owner';
  return readsAsProvider(viewer) ? 'provider' : 'technician';
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

/** The sides of a fault the viewer is on, for the fault workflow's actions (FAULT_WORKFLOW). */
export function faultParties(
  viewer: Viewer,
  fault: { organisationId: string; providerId: string | null; reporterUserId: string | null },
): FaultParty[] {
  const parties: FaultParty[] = [];
  if (fault.organisationId === viewer.organisationId) parties.push('owner');
  if (fault.providerId === viewer.organisationId) parties.push('provider');
  if (fault.reporterUserId === viewer.userId) parties.push('reporter');
  return parties;
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
    or ("files"."subject_type" = 'fault' and exists (select 1 from faults where faults.id = "files"."subject_id" and ${visibleFaults(viewer)}))
    or ("files"."subject_type" = 'fault' and exists (select 1 from service_requests where service_requests.fault_id = "files"."subject_id" and ${visibleServiceRequests(viewer)}))
    or ("files"."subject_type" = 'service_request' and exists (select 1 from service_requests where service_requests.id = "files"."subject_id" and ${visibleServiceRequests(viewer)}))
    or ("files"."subject_type" = 'observation' and exists (select 1 from observations o join service_requests on service_requests.id = o.service_request_id where o.id = "files"."subject_id" and ${visibleServiceRequests(viewer)}))
    or ("files"."subject_type" = 'work_order' and exists (select 1 from work_orders where work_orders.id = "files"."subject_id" and ${visibleWorkOrders(viewer)}))
    or ("files"."subject_type" = 'work_order_completion' and exists (select 1 from work_orders where work_orders.id = "files"."subject_id" and ${visibleWorkOrders(viewer)}))
    or ("files"."subject_type" = 'observation' and exists (select 1 from work_orders where work_orders.observation_id = "files"."subject_id" and ${visibleWorkOrders(viewer)}))
    or ("files"."subject_type" = 'fault' and exists (select 1 from work_orders where work_orders.fault_id = "files"."subject_id" and ${visibleWorkOrders(viewer)}))
    or ("files"."subject_type" = 'fault_report' and exists (select 1 from fault_reports fr join faults on faults.id = fr.fault_id where fr.id = "files"."subject_id" and ${visibleFaults(viewer)}))
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

/**
 * On the outer "pricebook_items" row: an organisation's own pricebook, for its staff who manage it
 * or price observations from it (technicians); the pricebook of a provider an owner works with (it holds the owner's assets or clusters, or
 * an SLA binds them, or it sent the provider a service request), for the owner's staff who see its
 * assets; and the pricebook of any active supplier, for a buyer's staff who raise purchase orders
 * (a supplier's pricebook is its catalogue). Nobody else reads a pricebook.
 */
export function visiblePricebooks(viewer: Viewer): SQL {
  const reaches: SQL[] = [];
  if (holds(viewer.permissions, ['managePricebook', 'manageObservation']))
    reaches.push(sql`"pricebook_items"."organisation_id" = ${viewer.organisationId}`);
  if (holds(viewer.permissions, OWNER_READS)) {
    reaches.push(sql`(exists (select 1 from asset_assignments aa
                               where aa.owner_id = ${viewer.organisationId} and aa.provider_id = "pricebook_items"."organisation_id"
                                 and aa.revoked_at is null)
                      or exists (select 1 from slas
                                  where slas.organisation_id = ${viewer.organisationId} and slas.provider_id = "pricebook_items"."organisation_id")
                      or exists (select 1 from service_requests sr
                                  where sr.organisation_id = ${viewer.organisationId} and sr.provider_id = "pricebook_items"."organisation_id")
                      or exists (select 1 from work_orders wo
                                  where wo.organisation_id = ${viewer.organisationId} and wo.provider_id = "pricebook_items"."organisation_id"))`);
  }
  if (buysSupplies(viewer)) {
    reaches.push(sql`exists (select 1 from organisations supplier where supplier.id = "pricebook_items"."organisation_id"
                               and supplier.kind = 'supplier' and supplier.status = 'active')`);
  }
  return anyOf(reaches);
}

/** Who reads an owner's service requests: its staff who send them or read its lists. */
const OWNER_SR_READS: Permission[] = ['viewSR', 'viewOutgoingSR', 'viewCompletedSR'];
/** Who reads a provider's: its managers (not its technicians, who see the ones assigned to them). */
const PROVIDER_SR_READS: Permission[] = ['viewIncomingSR', 'viewCompletedSR'];

/**
 * On the outer "service_requests" row:
 * - the owner's staff holding viewSR, viewOutgoingSR or viewCompletedSR: the requests it sent;
 * - a provider's managers (viewOrganizationAssignedAsset, or an external technician) holding
 *   viewIncomingSR or viewCompletedSR: the requests sent to it;
 * - anyone assigned to a request: that request.
 */
export function visibleServiceRequests(viewer: Viewer): SQL {
  const reaches: SQL[] = [];
  if (viewer.organisationKind === 'asset_owner' && holds(viewer.permissions, OWNER_SR_READS)) {
    reaches.push(sql`"service_requests"."organisation_id" = ${viewer.organisationId}`);
  }
  if (readsAsProvider(viewer) && holds(viewer.permissions, PROVIDER_SR_READS)) {
    reaches.push(sql`"service_requests"."provider_id" = ${viewer.organisationId}`);
  }
  reaches.push(assignedServiceRequest(viewer));
  return anyOf(reaches);
}

const assignedServiceRequest = (keys: ViewerKeys) =>
  sql`exists (select 1 from service_request_assignees sra where sra.service_request_id = "service_requests"."id" and sra.user_id = ${keys.userId})`;

/**
 * visibleServiceRequests narrowed to a list's tab, written so each reach uses its index: Outgoing
 * is the owner's (organisation_id), Incoming the provider's (provider_id) for its managers and the
 * assigned ones for a technician, Completed any of them. Statuses are the caller's to add.
 */
export function visibleServiceRequestsIn(viewer: Viewer, tab: 'outgoing' | 'incoming' | 'completed'): SQL {
  const owner =
    viewer.organisationKind === 'asset_owner' && holds(viewer.permissions, OWNER_SR_READS)
      ? sql`"service_requests"."organisation_id" = ${viewer.organisationId}`
      : undefined;
  const provider =
    readsAsProvider(viewer) && holds(viewer.permissions, PROVIDER_SR_READS)
      ? sql`"service_requests"."provider_id" = ${viewer.organisationId}`
      : undefined;
  // A provider's managers reach every request of their organisation, the assigned ones included.
  const assigned = provider ?? assignedServiceRequest(viewer);
  // Each list is its menu entry's (docs/product.md#side-menu): without the entry's permission, an empty list.
  const tabPermission = { outgoing: 'viewOutgoingSR', incoming: 'viewIncomingSR', completed: 'viewCompletedSR' } as const;
  if (!holds(viewer.permissions, tabPermission[tab])) return sql`false`;
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
export function serviceRequestTabCounter(
  viewer: Viewer,
  tab: 'outgoing' | 'incoming' | 'completed',
): { organisationId: string; side: 'owner' | 'provider' } | undefined {
  const tabPermission = { outgoing: 'viewOutgoingSR', incoming: 'viewIncomingSR', completed: 'viewCompletedSR' } as const;
  if (!holds(viewer.permissions, tabPermission[tab])) return undefined;
  const owner = viewer.organisationKind === 'asset_owner' && holds(viewer.permissions, OWNER_SR_READS);
  const provider = readsAsProvider(viewer) && holds(viewer.permissions, PROVIDER_SR_READS);
  if (owner && tab !== 'incoming') return { organisationId: viewer.organisationId, side: 'owner' };
  if (provider && !owner && tab !== 'outgoing') return { organisationId: viewer.organisationId, side: 'provider' };
  return undefined;
}

/** The sides of a service request the viewer is on, for SERVICE_REQUEST_WORKFLOW's actions. */
export function serviceRequestParties(
  viewer: Viewer,
  request: { organisationId: string; providerId: string },
  assigneeIds: readonly string[],
): SrParty[] {
  const parties: SrParty[] = [];
  if (request.organisationId === viewer.organisationId) parties.push('owner');
  if (request.providerId === viewer.organisationId && readsAsProvider(viewer)) parties.push('provider');
  if (assigneeIds.includes(viewer.userId)) parties.push('assignee');
  return parties;
}

/**
 * Whether a provider's person reaches service requests or work orders only through their own
 * assignments (the `assigned` reach of visibleServiceRequestsIn and visibleWorkOrdersIn: not the
 * provider's managers). The dashboards count theirs live from the assignee tables.
 */
export function reachesOnlyAssigned(viewer: Viewer, subject: 'service_request' | 'work_order'): boolean {
  if (viewer.organisationKind === 'asset_owner') return false;
  return !(readsAsProvider(viewer) && holds(viewer.permissions, subject === 'service_request' ? PROVIDER_SR_READS : PROVIDER_WO_READS));
}

/**
 * Whether the viewer may send service requests: an owner's staff holding viewSR ("Send service
 * requests"). A provider's people hold viewSR for the menu's group but have nothing to send.
 */
export function sendsServiceRequests(viewer: Viewer): boolean {
  return viewer.organisationKind === 'asset_owner' && holds(viewer.permissions, 'viewSR');
}

/** Who reads an owner's work orders: its staff who raise, approve, configure or follow them. */
const OWNER_WO_READS: Permission[] = ['manageWO', 'approveWO', 'woConfiguration', 'viewOutgoingWO', 'viewCompletedWO'];
/** Who reads a provider's: its managers (its technicians see the ones assigned to them). */
const PROVIDER_WO_READS: Permission[] = ['viewIncomingWO', 'viewCompletedWO'];

function ownerWorkOrders(viewer: Viewer, keys: ViewerKeys = viewer): SQL | undefined {
  return viewer.organisationKind === 'asset_owner' && holds(viewer.permissions, OWNER_WO_READS)
    ? sql`"work_orders"."organisation_id" = ${keys.organisationId}`
    : undefined;
}

/** A provider reaches a work order once it was sent to it: a draft or one awaiting approval is the owner's alone. */
function providerWorkOrders(viewer: Viewer, keys: ViewerKeys = viewer): SQL | undefined {
  return readsAsProvider(viewer) && holds(viewer.permissions, PROVIDER_WO_READS)
    ? sql`("work_orders"."provider_id" = ${keys.organisationId} and "work_orders"."sent_at" is not null)`
    : undefined;
}

const assignedWorkOrder = (keys: ViewerKeys) =>
  sql`exists (select 1 from work_order_assignees woa where woa.work_order_id = "work_orders"."id" and woa.user_id = ${keys.userId})`;

/**
 * On the outer "work_orders" row:
 * - the owner's staff holding manageWO, approveWO, woConfiguration, viewOutgoingWO or viewCompletedWO: its work orders;
 * - a provider's managers (viewOrganizationAssignedAsset, or an external technician) holding
 *   viewIncomingWO or viewCompletedWO: those sent to it (never a draft or one awaiting approval);
 * - anyone assigned to a work order: that work order.
 */
export function visibleWorkOrders(viewer: Viewer): SQL {
  return anyOf([ownerWorkOrders(viewer), providerWorkOrders(viewer), assignedWorkOrder(viewer)].filter((c): c is SQL => c !== undefined));
}

/**
 * On the outer "service_requests" or "work_orders" row: the records the viewer sees and is assigned
 * to themselves (the technician's home, whoever the viewer is: a provider's manager sees all its
 * organisation's, but only their own assignments are their day's work).
 */
export function visibleAssignedToViewer(viewer: Viewer, subject: 'service_request' | 'work_order'): SQL {
  return subject === 'service_request'
    ? sql`(${visibleServiceRequests(viewer)} and ${assignedServiceRequest(viewer)})`
    : sql`(${visibleWorkOrders(viewer)} and ${assignedWorkOrder(viewer)})`;
}

/**
 * visibleWorkOrders narrowed to a list's tab, each reach on its index: Outgoing is the owner's,
 * Incoming the provider's (a technician's: assigned to them), Completed and Certified either.
 * Without the tab's menu permission the list is empty. Statuses are the caller's to add.
 */
export function visibleWorkOrdersIn(viewer: Viewer, tab: WoTab, keys: ViewerKeys = viewer): SQL {
  if (!holds(viewer.permissions, WO_TAB_PERMISSION[tab])) return sql`false`;
  const owner = ownerWorkOrders(viewer, keys);
  const provider = providerWorkOrders(viewer, keys);
  const assigned = provider ?? assignedWorkOrder(keys);
  if (tab === 'outgoing') return owner ?? sql`false`;
  if (tab === 'incoming') return owner && !provider ? sql`false` : assigned;
  return owner ?? assigned;
}

/**
 * When visibleWorkOrdersIn(viewer, tab) is exactly one organisation's work orders on one side,
 * that organisation and side: the unfiltered total and the tab's count then come from
 * work_order_counts (whose provider side counts only what was sent, as the provider's reach).
 */
export function workOrderTabCounter(viewer: Viewer, tab: WoTab): { organisationId: string; side: 'owner' | 'provider' } | undefined {
  if (!holds(viewer.permissions, WO_TAB_PERMISSION[tab])) return undefined;
  const owner = ownerWorkOrders(viewer) !== undefined;
  const provider = providerWorkOrders(viewer) !== undefined;
  if (owner && tab !== 'incoming') return { organisationId: viewer.organisationId, side: 'owner' };
  if (provider && !owner && tab !== 'outgoing') return { organisationId: viewer.organisationId, side: 'provider' };
  return undefined;
}

/** The sides of a work order the viewer is on, for WORK_ORDER_WORKFLOW's actions. */
export function workOrderParties(
  viewer: Viewer,
  order: { organisationId: string; providerId: string; sentAt: Date | null },
  assigneeIds: readonly string[],
): WoParty[] {
  const parties: WoParty[] = [];
  if (order.organisationId === viewer.organisationId) parties.push('owner');
  if (order.providerId === viewer.organisationId && order.sentAt !== null && readsAsProvider(viewer)) parties.push('provider');
  if (assigneeIds.includes(viewer.userId)) parties.push('assignee');
  return parties;
}

/** Whether the viewer raises work orders: an owner's staff holding manageWO (a provider's hold it for the menu only). */
export function raisesWorkOrders(viewer: Viewer): boolean {
  return viewer.organisationKind === 'asset_owner' && holds(viewer.permissions, 'manageWO');
}

/**
 * Who reads an organisation's warehouses and their stock: its staff who keep or view them, and
 * those who request materials from them (staff holding manageWO: its technicians). Another
 * organisation never does; a supplier's goods reach a buyer through purchase orders only.
 */
const WAREHOUSE_READS: Permission[] = ['viewWarehouse', 'manageWarehouse', 'manageWO'];

/** On the outer "warehouses" row (`keys`: placeholders, in a statement prepared once per shape). */
export function visibleWarehouses(viewer: Viewer, keys: ViewerKeys = viewer): SQL {
  return holds(viewer.permissions, WAREHOUSE_READS) ? sql`"warehouses"."organisation_id" = ${keys.organisationId}` : sql`false`;
}

/** On the outer "inventory_items" row: the items of the warehouses the viewer reads. */
export function visibleInventoryItems(viewer: Viewer, keys: ViewerKeys = viewer): SQL {
  return holds(viewer.permissions, WAREHOUSE_READS) ? sql`"inventory_items"."organisation_id" = ${keys.organisationId}` : sql`false`;
}

/**
 * Whether the viewer moves a warehouse's stock and decides its requests (`warehouseId`: an SQL
 * expression naming the warehouse): holding manageWarehouse, as one of its managers or as the
 * organisation's admin. Reading is visibleWarehouses'.
 */
export function managesWarehouse(viewer: Viewer & { isOrgAdmin: boolean }, warehouseId: SQL): SQL {
  if (!holds(viewer.permissions, 'manageWarehouse')) return sql`false`;
  const managers = sql`exists (select 1 from warehouse_managers wm where wm.warehouse_id = ${warehouseId} and wm.user_id = ${viewer.userId})`;
  return viewer.isOrgAdmin
    ? sql`exists (select 1 from warehouses w where w.id = ${warehouseId} and w.organisation_id = ${viewer.organisationId})`
    : managers;
}

/**
 * On the outer "material_requests" row: the requester's own, all of the organisation's for its
 * warehouse staff, and those for a work order the viewer sees (both sides of it see what was asked
 * for it and what it cost: the owner reads its provider's requests, without deciding them).
 */
export function visibleMaterialRequests(viewer: Viewer): SQL {
  const reaches: SQL[] = [
    sql`("material_requests"."requested_by" = ${viewer.userId} and "material_requests"."organisation_id" = ${viewer.organisationId})`,
  ];
  if (holds(viewer.permissions, ['viewWarehouse', 'manageWarehouse']))
    reaches.push(sql`"material_requests"."organisation_id" = ${viewer.organisationId}`);
  reaches.push(
    sql`"material_requests"."work_order_id" in (select "work_orders"."id" from "work_orders" where ${visibleWorkOrders(viewer)})`,
  );
  return anyOf(reaches);
}

/** Whether the viewer raises purchase orders: a buyer's (owner, MRO, IMO) staff holding managePO (a supplier holds it for the menu only). */
export function buysSupplies(viewer: Viewer): boolean {
  return (PO_BUYER_KINDS as readonly string[]).includes(viewer.organisationKind) && holds(viewer.permissions, 'managePO');
}

/** Who reads a buyer's purchase orders: its staff who raise, approve, receive or list them. */
const BUYER_PO_READS: Permission[] = ['managePO', 'viewOutgoingPO', 'viewCompletedPO', 'approvePO', 'confirmSupply', 'poConfiguration'];
/** Who reads a supplier's: its staff who list or handle them. */
const SUPPLIER_PO_READS: Permission[] = ['managePO', 'viewIncomingPO', 'viewCompletedPO'];

/** On the outer "purchase_orders" row: the buyer's own; the supplier's once sent to it (never a draft or one awaiting approval). */
export function visiblePurchaseOrders(viewer: Viewer): SQL {
  const reaches: SQL[] = [];
  if (holds(viewer.permissions, BUYER_PO_READS)) reaches.push(sql`"purchase_orders"."organisation_id" = ${viewer.organisationId}`);
  if (holds(viewer.permissions, SUPPLIER_PO_READS))
    reaches.push(sql`("purchase_orders"."supplier_id" = ${viewer.organisationId} and "purchase_orders"."sent_at" is not null)`);
  return anyOf(reaches);
}

/** The sides the viewer is on for a purchase order it sees. */
export function poPartiesOf(viewer: Viewer, order: { organisationId: string; supplierId: string; sentAt: Date | null }): PoParty[] {
  const parties: PoParty[] = [];
  if (order.organisationId === viewer.organisationId) parties.push('buyer');
  if (order.supplierId === viewer.organisationId && order.sentAt !== null) parties.push('supplier');
  return parties;
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
  fault: { table: 'faults', condition: visibleFaults },
  pricebook: { table: 'pricebook_items', condition: visiblePricebooks },
  service_request: { table: 'service_requests', condition: visibleServiceRequests },
  work_order: { table: 'work_orders', condition: visibleWorkOrders },
  warehouse: { table: 'warehouses', condition: (viewer) => visibleWarehouses(viewer) },
  inventory_item: { table: 'inventory_items', condition: (viewer) => visibleInventoryItems(viewer) },
  material_request: { table: 'material_requests', condition: visibleMaterialRequests },
  purchase_order: { table: 'purchase_orders', condition: visiblePurchaseOrders },
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
