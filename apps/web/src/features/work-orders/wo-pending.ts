import type { OutboxEntry } from '../../offline/outbox/outbox-entry';
import { type AfterQueued, withQueuedActions } from '../../offline/outbox/queued-actions';
import type { WoDetail } from './work-orders-api';

const holdReason = (order: WoDetail, entry: OutboxEntry): Partial<WoDetail> => {
  const reason = (entry.body as { reason?: unknown } | null)?.reason;
  return { holdReason: typeof reason === 'string' ? reason : order.holdReason };
};

/** Where each step a technician took offline leaves the work order, and what they may do next. */
const AFTER_STEP: Record<string, AfterQueued<WoDetail>> = {
  'wo.start': { status: 'in_progress', actions: ['hold', 'complete'] },
  'wo.hold': { status: 'on_hold', actions: ['resume'], change: holdReason },
  'wo.resume': { status: 'in_progress', actions: ['hold', 'complete'] },
  'wo.complete': { status: 'completed', actions: [] },
};

/** The work order as the technician's steps waiting to be sent will leave it (started: the Complete button; completed: no more steps). */
export function withPendingSteps(order: WoDetail, pending: readonly OutboxEntry[]): WoDetail {
  return withQueuedActions(order, pending, AFTER_STEP);
}
