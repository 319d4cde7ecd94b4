import type { TFunction } from '../../lib/i18n';
import { isHeld, isRefused, type OutboxEntry, type OutboxRecord, type SentItem } from './outbox-entry';

/** "Complete WO-000123": what an entry does, in the reader's language. */
export function describeEntry(t: TFunction, entry: Pick<OutboxEntry | SentItem, 'kind' | 'description'>): string {
  return t(`offline.action.${entry.kind}`, entry.description);
}

/** "Completion waiting to send": how a record's page tells of an action not yet sent (`queue`: the record's entries). */
export function pendingText(t: TFunction, entry: OutboxEntry, queue: readonly OutboxEntry[]): string {
  if (isRefused(entry)) return t('offline.pending.notSent', { action: describeEntry(t, entry) });
  if (isHeld(entry, queue)) return t('offline.pending.held', { action: describeEntry(t, entry) });
  return t(`offline.pending.${entry.kind}`);
}

/** Where each kind of record is read and shown, and where its statuses are named. */
export const RECORD_READS: Record<
  OutboxRecord['type'],
  { api: (id: string) => string; page: (id: string) => string; statusTexts: string }
> = {
  wo: { api: (id) => `/v2/wo/${id}`, page: (id) => `/work-order/view/${id}`, statusTexts: 'workOrders.status' },
  sr: { api: (id) => `/v2/sr/${id}`, page: (id) => `/service-request/view/${id}`, statusTexts: 'serviceRequests.status' },
  mr: { api: (id) => `/v2/material-request/${id}`, page: (id) => `/material-request/${id}`, statusTexts: 'materialRequests.status' },
  fault: { api: (id) => `/v2/fault/${id}`, page: (id) => `/asset/reported-faults/${id}`, statusTexts: 'faults.status' },
};
