import type { WoStatus } from '@amp/contracts/work-order';
import type { OutboxEntry } from '../../offline/outbox/outbox-entry';
import type { WoDetail } from './work-orders-api';

/** Where each step a technician took offline leaves the work order, and what they may do next. */
const AFTER_STEP: Record<string, { status: WoStatus; actions: string[] }> = {
  'wo.start': { status: 'in_progress', actions: ['hold', 'complete'] },
  'wo.hold': { status: 'on_hold', actions: ['resume'] },
  'wo.resume': { status: 'in_progress', actions: ['hold', 'complete'] },
  'wo.complete': { status: 'completed', actions: [] },
};

/**
 * The work order as the technician's steps waiting to be sent will leave it, so a step queued
 * offline shows at once (started: the Complete button; completed: no more steps). A step the
 * server refused stops there: what follows it is held too.
 */
export function withPendingSteps(order: WoDetail, pending: readonly OutboxEntry[]): WoDetail {
  let shown = order;
  for (const entry of pending) {
    if (entry.state !== 'waiting' && entry.state !== 'sending') break;
    const after = AFTER_STEP[entry.kind];
    if (!after) continue;
    const reason = (entry.body as { reason?: unknown } | null)?.reason;
    shown = {
      ...shown,
      status: after.status,
      actions: after.actions,
      holdReason: after.status === 'on_hold' && typeof reason === 'string' ? reason : shown.holdReason,
    };
  }
  return shown;
}
