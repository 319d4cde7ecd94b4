import type { SrDetail } from '../../lib/queries/service-requests';
import type { OutboxEntry } from '../../offline/outbox/outbox-entry';
import { type AfterQueued, withQueuedActions } from '../../offline/outbox/queued-actions';

/**
 * Where an observation taken offline leaves the request: observed, waiting for the owner's decision,
 * so the technician is offered no second observation (nor a correction of one not sent yet).
 */
const AFTER_ACTION: Record<string, AfterQueued<SrDetail>> = {
  'sr.observation': { status: 'observed', actions: [] },
};

/** The request as the reader's actions waiting to be sent will leave it. */
export function withPendingActions(request: SrDetail, pending: readonly OutboxEntry[]): SrDetail {
  return withQueuedActions(request, pending, AFTER_ACTION);
}
