import { faultOperations } from '@amp/contracts/operations/fault';
import { materialRequestOperations } from '@amp/contracts/operations/material-request';
import { serviceRequestOperations } from '@amp/contracts/operations/service-request';
import { workOrderOperations } from '@amp/contracts/operations/work-order';
import { callPath } from '../../lib/api-call';
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
  wo: {
    api: (id) => callPath(workOrderOperations.detail, { id }),
    page: (id) => `/work-order/view/${id}`,
    statusTexts: 'workOrders.status',
  },
  sr: {
    api: (id) => callPath(serviceRequestOperations.detail, { id }),
    page: (id) => `/service-request/view/${id}`,
    statusTexts: 'serviceRequests.status',
  },
  mr: {
    api: (id) => callPath(materialRequestOperations.detail, { id }),
    page: (id) => `/material-request/${id}`,
    statusTexts: 'materialRequests.status',
  },
  fault: {
    api: (id) => callPath(faultOperations.detail, { id }),
    page: (id) => `/asset/reported-faults/${id}`,
    statusTexts: 'faults.status',
  },
};
