import type { Permission } from './permissions.js';

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
