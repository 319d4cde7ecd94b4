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
  /** The records made before the modules' fixtures, by kind (warehouse, inventory_item, work_order...). */
  made: Readonly<Record<string, readonly string[]>>;
}

/**
 * A module's records for the route-wide tenancy test (security/route-tenancy.test.ts), in its own
 * `modules/<module>/<module>.tenancy.ts`: the record kinds its contracts name with `recordId`, and
 * how one tenant gets real records of each. The test finds the file by its name, so a new document
 * kind is tried on every route that takes its ids without an edit in security/.
 */
export interface TenancyFixture<Kind extends string = string> {
  kinds: readonly Kind[];
  seed(t: TestApp, tenant: TenancyTenant): Promise<Record<Kind, string[]>>;
}

export const defineTenancyFixture = <Kind extends string>(fixture: TenancyFixture<Kind>) => fixture;

const MODULES = fileURLToPath(new URL('../modules/', import.meta.url));

/** Every module's tenancy fixture, found by file name under modules/. */
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
  return fixtures;
}
