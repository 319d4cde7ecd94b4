import { DEFAULT_SR_CONFIGURATION, type SrConfiguration } from '@amp/contracts/service-request';
import { DEFAULT_WO_CONFIGURATION, type WoConfiguration } from '@amp/contracts/work-order';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { configurations } from '../../db/schema/configuration.js';

async function stored(db: Db, organisationId: string, type: string) {
  const [row] = await db
    .select({ id: configurations.id, settings: configurations.settings, updatedAt: configurations.updatedAt })
    .from(configurations)
    .where(and(eq(configurations.organisationId, organisationId), eq(configurations.type, type)))
    .limit(1);
  return row;
}

/** An owner's service request configuration, or the defaults. */
export async function findSrConfiguration(db: Db, organisationId: string): Promise<SrConfiguration> {
  const row = await stored(db, organisationId, 'sr');
  if (!row) return { _id: null, ...DEFAULT_SR_CONFIGURATION, updatedAt: null };
  return { ...DEFAULT_SR_CONFIGURATION, ...(row.settings as object), type: 'sr', _id: row.id, updatedAt: row.updatedAt.toISOString() };
}

/** An owner's work order configuration, or the defaults. */
export async function findWoConfiguration(db: Db, organisationId: string): Promise<WoConfiguration> {
  const row = await stored(db, organisationId, 'wo');
  if (!row) return { _id: null, ...DEFAULT_WO_CONFIGURATION, updatedAt: null };
  return { ...DEFAULT_WO_CONFIGURATION, ...(row.settings as object), type: 'wo', _id: row.id, updatedAt: row.updatedAt.toISOString() };
}

/** Stores an owner's configuration of a type (one per owner and type); answers its id. */
export async function saveConfiguration(
  tx: Db,
  organisationId: string,
  type: string,
  settings: Record<string, unknown>,
  by: string,
  id?: string,
): Promise<string | undefined> {
  if (id) {
    const [row] = await tx
      .update(configurations)
      .set({ settings, updatedBy: by, updatedAt: sql`now()` })
      .where(and(eq(configurations.id, id), eq(configurations.organisationId, organisationId), eq(configurations.type, type)))
      .returning({ id: configurations.id });
    return row?.id;
  }
  const [row] = await tx
    .insert(configurations)
    .values({ organisationId, type, settings, updatedBy: by })
    .onConflictDoUpdate({
      target: [configurations.organisationId, configurations.type],
      set: { settings, updatedBy: by, updatedAt: sql`now()` },
    })
    .returning({ id: configurations.id });
  return row?.id;
}
