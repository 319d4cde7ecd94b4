import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lgas, states } from '../../db/schema/index.js';

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
