import type { OutboxEntry } from './outbox-entry';

/** Where a queued action leaves its record: its status, the actions that may follow it, and any other change it makes. */
export interface AfterQueued<R extends QueueableRecord> {
  status: R['status'];
  actions: R['actions'];
  change?: (record: R, entry: OutboxEntry) => Partial<R>;
}

/** A record page's record: a workflow status and the actions the API offers its reader. */
export interface QueueableRecord {
  status: string;
  actions: readonly string[];
}

/**
 * The record as the reader's actions waiting to be sent will leave it, so a record with a queued
 * action shows it as done-but-waiting (its page's PendingNotice says "waiting to send") and offers
 * only what may follow it, never the queued action again (which would send it twice). An action the
 * server refused stops there: what follows it is held too. Kinds a table does not name change nothing.
 */
export function withQueuedActions<R extends QueueableRecord>(
  record: R,
  pending: readonly OutboxEntry[],
  after: Readonly<Record<string, AfterQueued<R>>>,
): R {
  let shown = record;
  for (const entry of pending) {
    if (entry.state !== 'waiting' && entry.state !== 'sending') break;
    const next = after[entry.kind];
    if (!next) continue;
    shown = { ...shown, status: next.status, actions: next.actions, ...next.change?.(shown, entry) };
  }
  return shown;
}
