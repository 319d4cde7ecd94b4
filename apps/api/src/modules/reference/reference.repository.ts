import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lgas, states } from '../../db/schema/reference.js';

export async function listStatesWithLgas(db: Db) {
  return db
    .select({
      state: states.name,
      alias: states.alias,
      lgas: sql<
        string[]
      >`coalesce((select array_agg(${lgas.name} order by ${lgas.name}) from ${lgas} where ${lgas.stateAlias} = ${states.alias}), '{}')`,
    })
    .from(states)
    .orderBy(asc(states.name));
}

export async function stateExists(db: Db, alias: string): Promise<boolean> {
  const [row] = await db.select({ alias: states.alias }).from(states).where(eq(states.alias, alias)).limit(1);
  return row !== undefined;
}

/** The LGA's name as the reference data spells it, or nothing when the state has no such LGA. */
export async function findLga(db: Db, stateAlias: string, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: lgas.name })
    .from(lgas)
    .where(and(eq(lgas.stateAlias, stateAlias), sql`lower(${lgas.name}) = lower(${name})`))
    .limit(1);
  return row?.name;
}
