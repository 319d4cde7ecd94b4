import { ASSET_EDITABLE_STATUSES, ASSET_STATUSES } from './asset.js';
import { FAULT_STATUSES, OPEN_FAULT_STATUSES } from './fault.js';
import { MAIL_STATUSES } from './mail.js';
import { MR_STATUSES, OPEN_MR_STATUSES } from './material-request.js';
import { ORGANISATION_STATUSES } from './organisation.js';
import type { Permission } from './permissions.js';
import { EDITABLE_PO_STATUSES, OPEN_PO_STATUSES, PO_STATUSES, SUPPLYING_PO_STATUSES } from './purchase-order.js';
import { OPEN_SR_STATUSES, SR_STATUSES } from './service-request.js';
import { EDITABLE_WO_STATUSES, OPEN_WO_STATUSES, WO_STATUSES } from './work-order.js';

/**
 * A workflow is data (docs/architecture.md#workflows): its statuses, which of them are open, and the actions
 * that move a record from some statuses to one other, each needing a permission and a party.
 * The API's `transition` and the web's action buttons both read these tables.
 */
export interface WorkflowAction<Status extends string, Party extends string> {
  from: readonly Status[];
  to: Status;
  /** Any one of these permissions (an empty list: no permission beyond being the party). */
  permission: readonly Permission[];
  party: Party;
}

export interface Workflow<Status extends string, Action extends string, Party extends string> {
  name: string;
  statuses: readonly Status[];
  open: readonly Status[];
  actions: Record<Action, WorkflowAction<Status, Party>>;
}

export function defineWorkflow<Status extends string, Action extends string, Party extends string>(
  workflow: Workflow<Status, Action, Party>,
): Workflow<Status, Action, Party> {
  for (const [action, rule] of Object.entries(workflow.actions) as [Action, WorkflowAction<Status, Party>][]) {
    for (const status of [...rule.from, rule.to]) {
      if (!workflow.statuses.includes(status)) throw new Error(`${workflow.name}.${action}: unknown status ${status}`);
    }
  }
  return workflow;
}

/** Whether one of these parties, holding these permissions, may take this action at all. */
export function mayTake<Party extends string>(
  rule: WorkflowAction<string, Party>,
  parties: Party | readonly Party[],
  permissions: readonly string[],
): boolean {
  const mine: readonly Party[] = typeof parties === 'string' ? [parties] : parties;
  return mine.includes(rule.party) && (rule.permission.length === 0 || rule.permission.some((p) => permissions.includes(p)));
}

/** The actions this party, holding these permissions, may take on a record in this status. */
export function allowedActions<Status extends string, Action extends string, Party extends string>(
  workflow: Workflow<Status, Action, Party>,
  status: Status,
  parties: Party | readonly Party[],
  permissions: readonly string[],
): Action[] {
  return (Object.entries(workflow.actions) as [Action, WorkflowAction<Status, Party>][])
    .filter(([, rule]) => rule.from.includes(status) && mayTake(rule, parties, permissions))
    .map(([action]) => action);
}

export function isOpen<Status extends string>(workflow: Workflow<Status, string, string>, status: Status): boolean {
  return workflow.open.includes(status);
}

/** The registration request: the platform's super admin approves or rejects it. */
export const REGISTRATION_WORKFLOW = defineWorkflow({
  name: 'registration',
  statuses: ORGANISATION_STATUSES,
  open: ['pending'] as const,
  actions: {
    approve: { from: ['pending'], to: 'active', permission: ['manageUserRegistration'], party: 'platform' },
    reject: { from: ['pending'], to: 'rejected', permission: ['manageUserRegistration'], party: 'platform' },
  },
});

/** A registration as the API shows it (approved) and as its workflow knows it (the organisation is active). */
export const REGISTRATION_WORKFLOW_STATUS = { pending: 'pending', approved: 'active', rejected: 'rejected' } as const;

/** An asset's life: the owner decommissions it (a one-way step). */
export const ASSET_WORKFLOW = defineWorkflow({
  name: 'asset',
  statuses: ASSET_STATUSES,
  open: ASSET_EDITABLE_STATUSES,
  actions: {
    decommission: {
      from: ASSET_EDITABLE_STATUSES,
      to: 'decommissioned',
      permission: ['manageAsset'],
      party: 'owner',
    },
  },
});

/** A mail's delivery: after the last failed attempt the super admin may send it again. */
export const MAIL_WORKFLOW = defineWorkflow({
  name: 'mail',
  statuses: MAIL_STATUSES,
  open: ['pending', 'retrying'] as const,
  actions: {
    retry: { from: ['failed'], to: 'pending', permission: ['manageUserRegistration'], party: 'platform' },
  },
});

/**
 * A fault (docs/product.md#faults): the provider approves or returns its technicians' reports (the provider's
 * managers, who hold viewOrganizationAssignedAsset: not a technician approving their own); the
 * reporter corrects a returned one; the owner rejects or converts. `convert` is taken by the
 * service request and work order issues' "raise a ..." calls, never on its own.
 */
export const FAULT_WORKFLOW = defineWorkflow({
  name: 'fault',
  statuses: FAULT_STATUSES,
  open: OPEN_FAULT_STATUSES,
  actions: {
    approve: { from: ['awaiting_provider'], to: 'awaiting_owner', permission: ['viewOrganizationAssignedAsset'], party: 'provider' },
    return: { from: ['awaiting_provider'], to: 'returned', permission: ['viewOrganizationAssignedAsset'], party: 'provider' },
    resubmit: { from: ['returned'], to: 'awaiting_provider', permission: ['manageAssetFault'], party: 'reporter' },
    reject: { from: ['awaiting_owner'], to: 'rejected', permission: ['manageAssetFault'], party: 'owner' },
    convert: { from: ['awaiting_owner'], to: 'converted', permission: ['viewSR', 'manageWO'], party: 'owner' },
  },
});

/**
 * A service request (issue 9). The provider's managers accept, decline and assign; its staff
 * assigned to the request (or the managers) submit observations, a correction included; the owner
 * decides an observation (accepting it resolves the request, rejecting it sends it back to the
 * staff) and closes the request. The owner may also close a request it no longer needs, except
 * while an observation awaits its decision. `observe` from `observed` is a superseding correction.
 */
export const SERVICE_REQUEST_WORKFLOW = defineWorkflow({
  name: 'service request',
  statuses: SR_STATUSES,
  open: OPEN_SR_STATUSES,
  actions: {
    accept: { from: ['sent'], to: 'accepted', permission: ['viewIncomingSR'], party: 'provider' },
    decline: { from: ['sent'], to: 'declined', permission: ['viewIncomingSR'], party: 'provider' },
    assign: { from: ['accepted', 'assigned'], to: 'assigned', permission: ['viewIncomingSR'], party: 'provider' },
    observe: { from: ['assigned', 'observed'], to: 'observed', permission: ['manageObservation'], party: 'assignee' },
    observeAsProvider: { from: ['assigned', 'observed'], to: 'observed', permission: ['manageObservation'], party: 'provider' },
    acceptObservation: { from: ['observed'], to: 'resolved', permission: ['viewOutgoingSR'], party: 'owner' },
    rejectObservation: { from: ['observed'], to: 'assigned', permission: ['viewOutgoingSR'], party: 'owner' },
    close: { from: ['sent', 'accepted', 'assigned', 'resolved'], to: 'closed', permission: ['viewOutgoingSR'], party: 'owner' },
  },
});

/**
 * A work order (issue 10). The owner drafts, changes and submits it; its approval steps (the
 * approval engine) move it on: an approval of the last step sends it to the provider, a rejection
 * returns it to draft. The provider's managers accept, decline and assign; its assigned staff (or
 * the managers) start, hold, resume and complete it. Each side certifies once, in either order;
 * the owner may find the work unsatisfactory instead (back to in progress). The owner rates the
 * provider (closing it), closes it unrated, or ends it early while it is open.
 */
export const WORK_ORDER_WORKFLOW = defineWorkflow({
  name: 'work order',
  statuses: WO_STATUSES,
  open: OPEN_WO_STATUSES,
  actions: {
    edit: { from: EDITABLE_WO_STATUSES, to: 'draft', permission: ['manageWO'], party: 'owner' },
    /** A change of a work order awaiting approval: the steps start again (the engine). */
    revise: { from: ['pending_approval'], to: 'pending_approval', permission: ['manageWO'], party: 'owner' },
    submit: { from: ['draft'], to: 'pending_approval', permission: ['manageWO'], party: 'owner' },
    /** Submitted when no approval level applies (the owner has none): straight to the provider. */
    submitUnapproved: { from: ['draft'], to: 'sent', permission: ['manageWO'], party: 'owner' },
    approveStep: { from: ['pending_approval'], to: 'pending_approval', permission: ['approveWO'], party: 'owner' },
    approveLastStep: { from: ['pending_approval'], to: 'sent', permission: ['approveWO'], party: 'owner' },
    rejectApproval: { from: ['pending_approval'], to: 'draft', permission: ['approveWO'], party: 'owner' },
    accept: { from: ['sent'], to: 'accepted', permission: ['viewIncomingWO'], party: 'provider' },
    decline: { from: ['sent'], to: 'declined', permission: ['viewIncomingWO'], party: 'provider' },
    assign: { from: ['accepted', 'assigned'], to: 'assigned', permission: ['viewIncomingWO'], party: 'provider' },
    start: { from: ['assigned'], to: 'in_progress', permission: ['viewIncomingWO'], party: 'assignee' },
    startAsProvider: { from: ['assigned'], to: 'in_progress', permission: ['viewIncomingWO'], party: 'provider' },
    hold: { from: ['in_progress'], to: 'on_hold', permission: ['viewIncomingWO'], party: 'assignee' },
    holdAsProvider: { from: ['in_progress'], to: 'on_hold', permission: ['viewIncomingWO'], party: 'provider' },
    resume: { from: ['on_hold'], to: 'in_progress', permission: ['viewIncomingWO'], party: 'assignee' },
    resumeAsProvider: { from: ['on_hold'], to: 'in_progress', permission: ['viewIncomingWO'], party: 'provider' },
    complete: { from: ['in_progress'], to: 'completed', permission: ['viewIncomingWO'], party: 'assignee' },
    completeAsProvider: { from: ['in_progress'], to: 'completed', permission: ['viewIncomingWO'], party: 'provider' },
    certifyAsOwner: { from: ['completed'], to: 'owner_certified', permission: ['viewOutgoingWO', 'viewCompletedWO'], party: 'owner' },
    countersignAsOwner: {
      from: ['provider_certified'],
      to: 'certified',
      permission: ['viewOutgoingWO', 'viewCompletedWO'],
      party: 'owner',
    },
    certifyAsProvider: { from: ['completed'], to: 'provider_certified', permission: ['viewIncomingWO'], party: 'provider' },
    countersignAsProvider: { from: ['owner_certified'], to: 'certified', permission: ['viewIncomingWO'], party: 'provider' },
    certifyAsAssignee: { from: ['completed'], to: 'provider_certified', permission: ['viewIncomingWO'], party: 'assignee' },
    countersignAsAssignee: { from: ['owner_certified'], to: 'certified', permission: ['viewIncomingWO'], party: 'assignee' },
    unsatisfactory: {
      from: ['completed', 'provider_certified'],
      to: 'in_progress',
      permission: ['viewOutgoingWO', 'viewCompletedWO'],
      party: 'owner',
    },
    rate: { from: ['certified'], to: 'closed', permission: ['viewOutgoingWO', 'viewCompletedWO'], party: 'owner' },
    close: { from: ['certified'], to: 'closed', permission: ['viewOutgoingWO', 'viewCompletedWO'], party: 'owner' },
    end: { from: OPEN_WO_STATUSES, to: 'ended', permission: ['manageWO'], party: 'owner' },
  },
});

/**
 * A purchase order (issue 11). The buyer drafts, changes and submits it; the approval engine moves
 * it on as for work orders (the last approval sends it to the supplier, a rejection returns it to
 * draft). The supplier accepts or declines; while it is supplied the supplier dispatches
 * deliveries and the buyer confirms receipts (`receive` to partly_received, `receiveAll` when the
 * last unit arrives); the buyer closes the rest, or cancels it before the supplier accepts.
 */
export const PURCHASE_ORDER_WORKFLOW = defineWorkflow({
  name: 'purchase order',
  statuses: PO_STATUSES,
  open: OPEN_PO_STATUSES,
  actions: {
    edit: { from: EDITABLE_PO_STATUSES, to: 'draft', permission: ['managePO'], party: 'buyer' },
    revise: { from: ['pending_approval'], to: 'pending_approval', permission: ['managePO'], party: 'buyer' },
    submit: { from: ['draft'], to: 'pending_approval', permission: ['managePO'], party: 'buyer' },
    submitUnapproved: { from: ['draft'], to: 'sent', permission: ['managePO'], party: 'buyer' },
    approveStep: { from: ['pending_approval'], to: 'pending_approval', permission: ['approvePO'], party: 'buyer' },
    approveLastStep: { from: ['pending_approval'], to: 'sent', permission: ['approvePO'], party: 'buyer' },
    rejectApproval: { from: ['pending_approval'], to: 'draft', permission: ['approvePO'], party: 'buyer' },
    cancel: { from: ['draft', 'pending_approval', 'sent'], to: 'cancelled', permission: ['managePO'], party: 'buyer' },
    accept: { from: ['sent'], to: 'accepted', permission: ['viewIncomingPO'], party: 'supplier' },
    decline: { from: ['sent'], to: 'declined', permission: ['viewIncomingPO'], party: 'supplier' },
    /** A delivery leaves the status as it is (one rule per status, so the guarded update keeps it). */
    dispatch: { from: ['accepted'], to: 'accepted', permission: ['viewIncomingPO'], party: 'supplier' },
    dispatchMore: { from: ['partly_received'], to: 'partly_received', permission: ['viewIncomingPO'], party: 'supplier' },
    receive: { from: SUPPLYING_PO_STATUSES, to: 'partly_received', permission: ['confirmSupply'], party: 'buyer' },
    receiveAll: { from: SUPPLYING_PO_STATUSES, to: 'closed', permission: ['confirmSupply'], party: 'buyer' },
    close: { from: SUPPLYING_PO_STATUSES, to: 'closed', permission: ['managePO'], party: 'buyer' },
  },
});

/**
 * A material request (issue 11): its managers decide it line by line (accept issues the stock,
 * reject says why), each line a guarded update of its own status, and the request's status follows
 * from its lines (`mrStatusOf`); the requester may cancel it while no line is decided.
 */
export const MATERIAL_REQUEST_WORKFLOW = defineWorkflow({
  name: 'material request',
  statuses: MR_STATUSES,
  open: OPEN_MR_STATUSES,
  actions: {
    accept: { from: ['pending'], to: 'accepted', permission: ['manageWarehouse'], party: 'manager' },
    partlyAccept: { from: ['pending'], to: 'partly_accepted', permission: ['manageWarehouse'], party: 'manager' },
    reject: { from: ['pending'], to: 'rejected', permission: ['manageWarehouse'], party: 'manager' },
    cancel: { from: ['pending'], to: 'cancelled', permission: [], party: 'requester' },
  },
});
