import { pageMeta } from '@amp/contracts/fields';
import { koboToNaira } from '@amp/contracts/money';
import {
  PRICEBOOK_MAX_ITEMS,
  PRICEBOOK_ORGANISATION_KINDS,
  type PricebookItem,
  type PricebookItemCreateInput,
  type PricebookItemUpdateInput,
  type PricebookListQuery,
} from '@amp/contracts/pricebook';
import { visible } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.js';
import { write } from '../../lib/write.js';
import type { Principal } from '../../plugins/auth.js';
import {
  countPricebookItems,
  findPricebookItem,
  insertPricebookItem,
  listPricebookItems,
  type PricebookItemRow,
  pricebookReadable,
  setOwnPricebookItemRetired,
  updateOwnPricebookItem,
} from './pricebook.repository.js';

/** Providers and suppliers keep pricebooks; an owner reads its providers'. */
const PRICEBOOK_KINDS_OF_ORGANISATION: readonly string[] = PRICEBOOK_ORGANISATION_KINDS;

function toItem(row: PricebookItemRow): PricebookItem {
  return {
    _id: row.id,
    organisation: { _id: row.organisation.id, name: row.organisation.name },
    name: row.name,
    description: row.description,
    brand: row.brand,
    model: row.model,
    priceKobo: row.priceKobo,
    price: koboToNaira(row.priceKobo),
    kind: row.kind,
    unit: row.unit,
    retiredAt: row.retiredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Blank optional texts are stored as nothing. */
const orNull = (text: string | undefined) => (text === undefined ? undefined : text || null);

function assertKeepsPricebook(principal: Principal) {
  if (!PRICEBOOK_KINDS_OF_ORGANISATION.includes(principal.organisationKind)) throw forbidden();
}

export async function get(db: Db, principal: Principal, id: string): Promise<PricebookItem> {
  const row = await findPricebookItem(db, visible(principal, 'pricebook'), id);
  if (!row) throw notFound('pricebook item');
  return toItem(row);
}

/** GET /v2/pricebook: the caller's own pricebook. */
export async function listOwn(db: Db, principal: Principal, query: PricebookListQuery) {
  assertKeepsPricebook(principal);
  const { rows, total } = await listPricebookItems(db, visible(principal, 'pricebook'), principal.organisationId, query);
  return { data: rows.map(toItem), meta: pageMeta(query.page, query.pageSize, total) };
}

/**
 * GET /v2/pricebook/of/:organisationId: another organisation's pricebook, for an owner it works
 * with; anyone else is told it does not exist (an empty page would tell that it does).
 */
export async function listOf(db: Db, principal: Principal, organisationId: string, query: PricebookListQuery) {
  const visibility = visible(principal, 'pricebook');
  const { rows, total } = await listPricebookItems(db, visibility, organisationId, query);
  if (total === 0 && !(await readsPricebookOf(db, principal, organisationId))) throw notFound('pricebook');
  return { data: rows.map(toItem), meta: pageMeta(query.page, query.pageSize, total) };
}

/** Whether the caller may read the organisation's pricebook at all (its own, or a provider it works with), items or not. */
async function readsPricebookOf(db: Db, principal: Principal, organisationId: string): Promise<boolean> {
  return pricebookReadable(db, visible(principal, 'pricebook'), organisationId);
}

export async function create(deps: Deps, principal: Principal, input: PricebookItemCreateInput): Promise<PricebookItem> {
  assertKeepsPricebook(principal);
  const id = await write(deps, principal, async (tx, fx) => {
    if ((await countPricebookItems(tx, principal.organisationId)) >= PRICEBOOK_MAX_ITEMS) {
      throw new AppError(409, 'PRICEBOOK.FULL', { max: PRICEBOOK_MAX_ITEMS });
    }
    const itemId = await insertPricebookItem(tx, {
      organisationId: principal.organisationId,
      name: input.name,
      description: orNull(input.description) ?? null,
      brand: orNull(input.brand) ?? null,
      model: orNull(input.model) ?? null,
      priceKobo: input.price,
      kind: input.kind,
      unit: orNull(input.unit) ?? null,
      createdBy: principal.userId,
    });
    fx.activity({
      action: 'pricebook.item_added',
      params: { name: input.name, price: koboToNaira(input.price) },
      subject: { type: 'pricebook_item', id: itemId },
    });
    return itemId;
  });
  return get(deps.db, principal, id);
}

export async function update(deps: Deps, principal: Principal, id: string, input: PricebookItemUpdateInput): Promise<PricebookItem> {
  assertKeepsPricebook(principal);
  await write(deps, principal, async (tx, fx) => {
    const changed = await updateOwnPricebookItem(tx, principal.organisationId, id, {
      name: input.name,
      description: orNull(input.description),
      brand: orNull(input.brand),
      model: orNull(input.model),
      priceKobo: input.price,
      kind: input.kind,
      unit: orNull(input.unit),
    });
    if (!changed) throw notFound('pricebook item');
    const row = (await findPricebookItem(tx, visible(principal, 'pricebook'), id))!;
    fx.activity({
      action: 'pricebook.item_changed',
      params: { name: row.name, price: koboToNaira(row.priceKobo) },
      subject: { type: 'pricebook_item', id },
    });
  });
  return get(deps.db, principal, id);
}

/** Retires an item (no longer offered, kept for history) or offers it again; 409 when it already is so. */
export async function setRetired(deps: Deps, principal: Principal, id: string, retired: boolean): Promise<PricebookItem> {
  assertKeepsPricebook(principal);
  await write(deps, principal, async (tx, fx) => {
    const outcome = await setOwnPricebookItemRetired(tx, principal.organisationId, id, retired);
    if (outcome === 'missing') throw notFound('pricebook item');
    if (outcome === 'unchanged') throw conflict();
    const row = (await findPricebookItem(tx, visible(principal, 'pricebook'), id))!;
    fx.activity({
      action: retired ? 'pricebook.item_retired' : 'pricebook.item_restored',
      params: { name: row.name },
      subject: { type: 'pricebook_item', id },
    });
  });
  return get(deps.db, principal, id);
}
