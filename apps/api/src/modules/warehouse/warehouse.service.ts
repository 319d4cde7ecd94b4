import { pageMeta } from '@amp/contracts/fields';
import { koboToNaira } from '@amp/contracts/money';
import {
  WAREHOUSE_MANAGER_OPTIONS_MAX,
  WAREHOUSE_ORGANISATION_KINDS,
  type Warehouse,
  type WarehouseInput,
  type WarehouseListQuery,
  type WarehouseUpdateInput,
} from '@amp/contracts/warehouse';
import { sql } from 'drizzle-orm';
import { visible } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import { warehouses } from '../../db/schema/warehouse.js';
import type { Deps } from '../../deps.js';
import { AppError, forbidden, invalidField, notFound } from '../../lib/errors.js';
import { write } from '../../lib/write.js';
import type { Principal } from '../../plugins/auth.js';
import { resolveLocation } from '../reference/reference.public.js';
import { managesWarehouse } from './warehouse.reach.js';
import {
  eligibleManagers,
  findWarehouse,
  insertWarehouse,
  listWarehouses,
  setManagers,
  updateWarehouse,
  type WarehouseRow,
  warehouseRef,
} from './warehouse.repository.js';

/**
 * Warehouses (issue 11): an organisation that keeps parts has warehouses, each with the staff who
 * manage it. Everyone who reads the organisation's warehouses (visibleWarehouses) lists and opens
 * them; only a warehouse's managers and the organisation's admin (managesWarehouse) change it or
 * move its stock.
 */

/** Whether the caller manages the outer "warehouses" row. */
const managesThis = (principal: Principal) => managesWarehouse(principal, sql`${warehouses.id}`);

export const notManager = () => new AppError(403, 'SUPPLY.NOT_MANAGER');

function toWarehouse(row: WarehouseRow): Warehouse {
  // Summed as numeric (no overflow); held to what an answer carries exactly, far beyond any real store.
  const valueKobo = Math.min(Number(row.figures.value), Number.MAX_SAFE_INTEGER);
  return {
    _id: row.id,
    name: row.name,
    address: row.address,
    state: row.stateAlias ? { state: row.stateName ?? row.stateAlias, alias: row.stateAlias } : null,
    lga: row.lga,
    managers: row.managers,
    itemCount: Number(row.figures.items),
    lowStockCount: Number(row.figures.low),
    valueKobo,
    value: koboToNaira(valueKobo),
    managedByMe: row.managedByMe,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A warehouse the caller reads (else 404), with whether the caller manages it. */
export async function warehouseOf(db: Db, principal: Principal, id: string) {
  const row = await warehouseRef(db, visible(principal, 'warehouse'), managesThis(principal), id);
  if (!row) throw notFound('warehouse');
  return row;
}

/** A warehouse the caller manages: 404 when it does not read it, 403 when it only reads it. */
export async function managedWarehouse(db: Db, principal: Principal, id: string) {
  const row = await warehouseOf(db, principal, id);
  if (!row.managedByMe) throw notManager();
  return row;
}

export async function get(db: Db, principal: Principal, id: string): Promise<Warehouse> {
  const row = await findWarehouse(db, visible(principal, 'warehouse'), managesThis(principal), id);
  if (!row) throw notFound('warehouse');
  return toWarehouse(row);
}

export async function list(db: Db, principal: Principal, query: WarehouseListQuery) {
  const { rows, total } = await listWarehouses(db, visible(principal, 'warehouse'), managesThis(principal), query);
  return { data: rows.map(toWarehouse), meta: pageMeta(query.page, query.pageSize, total) };
}

/** GET /v2/warehouse/manager-options: who may be named a manager. */
export async function managerOptions(db: Db, principal: Principal, search: string | undefined) {
  const rows = await eligibleManagers(db, principal.organisationId, { search, limit: WAREHOUSE_MANAGER_OPTIONS_MAX });
  return rows.map((row) => ({ _id: row.id, name: row.name }));
}

/** The managers named, each an active member of the organisation who may manage (else a 400 on `managers`). */
async function checkManagers(db: Db, principal: Principal, ids: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return wanted;
  const found = await eligibleManagers(db, principal.organisationId, { ids: wanted, limit: wanted.length });
  if (found.length !== wanted.length) throw invalidField('managers', 'SUPPLY.MANAGER_NOT_ALLOWED');
  return wanted;
}

const nameTaken = (name: string) => () => invalidField('name', 'SUPPLY.WAREHOUSE_NAME_TAKEN', { name });

export async function create(deps: Deps, principal: Principal, input: WarehouseInput): Promise<Warehouse> {
  if (!(WAREHOUSE_ORGANISATION_KINDS as readonly string[]).includes(principal.organisationKind)) throw forbidden();
  const managers = await checkManagers(deps.db, principal, input.managers);
  const location = await resolveLocation(deps.db, input.state || null, input.lga || null);
  const id = await write(
    deps,
    principal,
    async (tx, fx) => {
      const warehouseId = await insertWarehouse(tx, {
        organisationId: principal.organisationId,
        name: input.name,
        address: input.address || null,
        ...location,
        createdBy: principal.userId,
      });
      await setManagers(tx, warehouseId, managers);
      fx.activity({ action: 'warehouse.created', params: { name: input.name }, subject: { type: 'warehouse', id: warehouseId } });
      return warehouseId;
    },
    { onUniqueViolation: nameTaken(input.name) },
  );
  return get(deps.db, principal, id);
}

/** PUT /v2/warehouse/update/{id}: by a manager of it or the organisation's admin; fields left out stay. */
export async function update(deps: Deps, principal: Principal, id: string, input: WarehouseUpdateInput): Promise<Warehouse> {
  const current = await findWarehouse(deps.db, visible(principal, 'warehouse'), managesThis(principal), id);
  if (!current) throw notFound('warehouse');
  if (!current.managedByMe) throw notManager();
  const managers = input.managers === undefined ? undefined : await checkManagers(deps.db, principal, input.managers);
  const touchesLocation = input.state !== undefined || input.lga !== undefined;
  const location = touchesLocation
    ? await resolveLocation(
        deps.db,
        input.state === undefined ? current.stateAlias : input.state || null,
        input.lga === undefined ? current.lga : input.lga || null,
      )
    : {};
  const name = input.name ?? current.name;
  await write(
    deps,
    principal,
    async (tx, fx) => {
      await updateWarehouse(tx, id, {
        name: input.name,
        address: input.address === undefined ? undefined : input.address || null,
        ...location,
      });
      if (managers) await setManagers(tx, id, managers);
      fx.activity({ action: 'warehouse.updated', params: { name }, subject: { type: 'warehouse', id } });
    },
    { onUniqueViolation: nameTaken(name) },
  );
  return get(deps.db, principal, id);
}
