import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OrganisationKind, SystemRoleKey } from '@amp/contracts/organisation';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type Db, openDatabase } from '../db/client.js';
import { organisations, roles, users } from '../db/schema/index.js';
import { seedDatabase } from '../db/seed.js';
import { hashPassword } from '../lib/passwords.js';
import { hashToken, newToken } from '../lib/tokens.js';
import { insertSession } from '../modules/account/session.repository.js';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/**
 * The real app on a fresh, migrated database: a throwaway PostgreSQL database when
 * TEST_DATABASE_URL is set (CI), otherwise PGlite in memory.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let url: string | undefined;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const { Client } = await import('pg');
    const name = `amp_test_${randomBytes(6).toString('hex')}`;
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(adminUrl);
    target.pathname = `/${name}`;
    url = target.toString();
    dropDatabase = async () => {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const database = await openDatabase({ url, dataDir: 'memory://' });
  await seedDatabase(database.db, { demo: false });
  // Uploaded files go to a throwaway directory of this app.
  const dataDir = env.DATA_DIR ? undefined : mkdtempSync(join(tmpdir(), 'amp-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://amp.test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    ...env,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export async function createOrganisation(db: Db, values: { kind: OrganisationKind; name?: string; status?: string }) {
  const [row] = await db
    .insert(organisations)
    .values({ kind: values.kind, name: values.name ?? `Org ${unique()}`, status: values.status ?? 'active', isCompany: true })
    .returning();
  return row!;
}

export async function systemRole(db: Db, key: SystemRoleKey) {
  const [row] = await db.select().from(roles).where(eq(roles.systemKey, key));
  return row!;
}

export async function createRole(db: Db, organisationId: string, permissions: string[], name = `Role ${unique()}`) {
  const [row] = await db.insert(roles).values({ organisationId, name, permissions }).returning();
  return row!;
}

export const TEST_PASSWORD = 'correct-horse-9';
let passwordHash: Promise<string> | undefined;

export interface TestUser {
  id: string;
  email: string;
  organisationId: string;
  roleId: string;
  token: string;
  headers: { authorization: string };
}

/**
 * A user with a live session. Give `roleKey` for a system role, or `permissions` for a custom
 * role in the user's organisation (an organisation of `kind` is made when none is given).
 */
export async function createUser(
  db: Db,
  options: {
    organisationId?: string;
    kind?: OrganisationKind;
    roleKey?: SystemRoleKey;
    roleId?: string;
    permissions?: string[];
    status?: string;
    isOrgAdmin?: boolean;
    email?: string;
    firstName?: string;
  } = {},
): Promise<TestUser> {
  const organisationId = options.organisationId ?? (await createOrganisation(db, { kind: options.kind ?? 'asset_owner' })).id;
  const roleId =
    options.roleId ??
    (options.permissions
      ? (await createRole(db, organisationId, options.permissions)).id
      : (await systemRole(db, options.roleKey ?? 'asset_owner')).id);
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      organisationId,
      roleId,
      email: options.email ?? `user-${unique()}@example.com`,
      passwordHash: await passwordHash,
      firstName: options.firstName ?? 'Test',
      lastName: 'User',
      status: options.status ?? 'active',
      isOrgAdmin: options.isOrgAdmin ?? false,
    })
    .returning();
  const token = newToken();
  await insertSession(db, user!.id, hashToken(token), 24);
  return { id: user!.id, email: user!.email, organisationId, roleId, token, headers: { authorization: `Bearer ${token}` } };
}
