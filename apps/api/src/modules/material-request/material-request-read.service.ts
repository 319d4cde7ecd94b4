import { pageMeta } from '@amp/contracts/fields';
import type { MaterialRequest, MaterialRequestCounts, MaterialRequestListQuery, MrStatus } from '@amp/contracts/material-request';
import { koboToNaira } from '@amp/contracts/money';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { Principal } from '../../plugins/auth.js';
import { countRequests, findVisibleRequest, linesOfRequest, listRequests, type MrSummaryRow } from './material-request.repository.js';

function toSummary(row: MrSummaryRow) {
  return {
    _id: row.id,
    code: row.code,
    status: row.status,
    warehouse: { _id: row.warehouseId, name: row.warehouseName },
    workOrder:
      row.workOrderId && row.workOrderCode ? { _id: row.workOrderId, code: row.workOrderCode, title: row.workOrderTitle ?? '' } : null,
    requestedBy: { _id: row.requestedBy, name: row.requesterName ?? '' },
    note: row.note,
    issuedKobo: row.issuedKobo,
    issued: koboToNaira(row.issuedKobo),
    lineCount: row.lineCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /v2/material-request: a tab of the requests the caller sees. */
export async function list(db: Db, principal: Principal, query: MaterialRequestListQuery) {
  const { rows, total } = await listRequests(db, principal, query);
  return { data: rows.map(toSummary), meta: pageMeta(query.page, query.pageSize, total) };
}

/** GET /v2/material-request/counts. */
export function counts(db: Db, principal: Principal): Promise<MaterialRequestCounts> {
  return countRequests(db, principal);
}

/**
 * What the caller may do: a manager of its warehouse decides while a line is pending; the
 * requester withdraws it while every line is.
 */
function actionsFor(status: MrStatus, manages: boolean, requester: boolean, lineStatuses: readonly string[]): MaterialRequest['actions'] {
  if (status !== 'pending') return [];
  const actions: MaterialRequest['actions'] = [];
  if (manages && lineStatuses.includes('pending')) actions.push('accept', 'reject');
  if (requester && lineStatuses.every((line) => line === 'pending')) actions.push('cancel');
  return actions;
}

/** GET /v2/material-request/{id}: one request the caller sees (404 otherwise), its lines with what each item holds now. */
export async function detail(db: Db, principal: Principal, id: string): Promise<MaterialRequest> {
  const row = await findVisibleRequest(db, principal, id);
  if (!row) throw notFound('material request');
  const lines = await linesOfRequest(db, id);
  const { lineCount: _count, ...summary } = toSummary(row);
  return {
    ...summary,
    lines: lines.map((line) => ({
      _id: line.id,
      item: { _id: line.itemId, name: line.itemName },
      unit: line.unit,
      quantity: line.quantity,
      available: line.available,
      status: line.status,
      priceKobo: line.priceKobo,
      price: line.priceKobo === null ? null : koboToNaira(line.priceKobo),
      reason: line.reason,
      decidedBy: line.decidedBy ? { _id: line.decidedBy, name: line.deciderName ?? '' } : null,
      decidedAt: line.decidedAt?.toISOString() ?? null,
    })),
    actions: actionsFor(
      row.status,
      row.manages,
      row.requestedBy === principal.userId,
      lines.map((line) => line.status),
    ),
  };
}
