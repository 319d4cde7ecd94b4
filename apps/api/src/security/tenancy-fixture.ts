import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestUser } from '../test/factories.js';
import type { TestApp } from '../test/harness.js';

/** One tenant of the route-wide tenancy test, as a module's fixture gets it. */
export interface TenancyTenant {
  /** "Victim" or "Other": the fixture puts it in its records' names. */
  name: string;
  owner: TestUser;
  staff: TestUser;
  mro: TestUser;
  technician: TestUser;
  supplier: TestUser;
  /** The records made before this fixture (the hub's and those of the fixtures it needs), by kind (warehouse, inventory_item, work_order...). */
  made: Readonly<Record<string, readonly string[]>>;
}

/** What a fixture made for one tenant. */
export interface TenancySeed<Kind extends string> {
  /** Its records by kind; a kind two fixtures make (approval levels of two documents) holds both's. */
  records: Record<Kind, string[]>;
  /**
   * For a route that reaches an id only on a record in a given state (a delivery, only on an order
   * being received), the tenant's own records that route is called with, instead of the first of each kind.
   */
  forRoutes?: Record<string, Partial<Record<Kind, string>>>;
}

/**
 * A module's records for the route-wide tenancy test (security/route-tenancy.test.ts), in its own
 * `modules/<module>/<module>.tenancy.ts`: the record kinds its contracts name with `recordId`, and
 * how one tenant gets real records of each. The test finds the file by its name, so a new document
 * kind is tried on every route that takes its ids without an edit in security/.
 */
export interface TenancyFixture<Kind extends string = string> {
  kinds: readonly Kind[];
  /** The kinds of other fixtures it reads in `made` (a material request is for a work order): those are seeded first. */
  needs?: readonly string[];
  seed(t: TestApp, tenant: TenancyTenant): Promise<TenancySeed<Kind>>;
}

export const defineTenancyFixture = <Kind extends string>(fixture: TenancyFixture<Kind>) => fixture;

const MODULES = fileURLToPath(new URL('../modules/', import.meta.url));

/** Every module's tenancy fixture, found by file name under modules/, each after the fixtures it needs. */
export async function moduleTenancyFixtures(): Promise<TenancyFixture[]> {
  const files = readdirSync(MODULES, { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|\/)[\w-]+\.tenancy\.ts$/.test(file))
    .sort();
  const fixtures: TenancyFixture[] = [];
  for (const file of files) {
    const module = (await import(join(MODULES, file))) as { tenancyFixture?: TenancyFixture };
    if (!module.tenancyFixture) throw new Error(`modules/${file} exports no tenancyFixture`);
    fixtures.push(module.tenancyFixture);
  }
  return inSeedingOrder(fixtures);
}

/** The fixtures ordered so each comes after those making the kinds it needs (a need nobody makes, or a loop, is an error). */
export function inSeedingOrder(fixtures: readonly TenancyFixture[]): TenancyFixture[] {
  const ordered: TenancyFixture[] = [];
  const made = new Set<string>();
  const waiting = [...fixtures];
  while (waiting.length > 0) {
    const next = waiting.findIndex((fixture) => (fixture.needs ?? []).every((kind) => made.has(kind)));
    if (next < 0) {
      const unmet = waiting.flatMap((fixture) => (fixture.needs ?? []).filter((kind) => !made.has(kind)));
      throw new Error(`No tenancy fixture can be seeded first: the kinds ${[...new Set(unmet)].join(', ')} are made by none before`);
    }
    const [fixture] = waiting.splice(next, 1);
    ordered.push(fixture!);
    for (const kind of fixture!.kinds) made.add(kind);
  }
  return ordered;
}
