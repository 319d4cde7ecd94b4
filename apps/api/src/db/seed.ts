import { SYSTEM_ROLE_KEYS, SYSTEM_ROLES, type SystemRoleKey } from '@amp/contracts/organisation';
import { PERMISSIONS, type Permission } from '@amp/contracts/permissions';
import { count, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords.js';
import type { Db } from './client.js';
import { nigerianStates } from './reference-data.js';
import { activities, categories, lgas, organisations, roles, states, users } from './schema/index.js';

export const DEMO_PASSWORD = 'amp-demo-2026';

/** Reference data and system roles always; demo data only into a database with no users. */
export async function seedDatabase(db: Db, options: { demo: boolean }): Promise<{ demoAccounts: string[] }> {
  await db.transaction(async (tx) => {
    await seedStates(tx);
    await seedSystemRoles(tx);
  });
  if (!options.demo) return { demoAccounts: [] };
  const [{ value: userCount } = { value: 0 }] = await db.select({ value: count() }).from(users);
  if (userCount > 0) return { demoAccounts: [] };
  const demoAccounts = await db.transaction((tx) => seedDemo(tx));
  return { demoAccounts };
}

async function seedStates(tx: Db) {
  const [{ value } = { value: 0 }] = await tx.select({ value: count() }).from(states);
  if (value > 0) return;
  const entries = nigerianStates();
  await tx.insert(states).values(entries.map((s) => ({ alias: s.alias, name: s.state })));
  await tx.insert(lgas).values(entries.flatMap((s) => s.lgas.map((name) => ({ stateAlias: s.alias, name }))));
}

/** System roles follow the catalogue in packages/contracts on every start. */
async function seedSystemRoles(tx: Db) {
  for (const key of SYSTEM_ROLE_KEYS) {
    const { name, permissions } = SYSTEM_ROLES[key];
    await tx
      .insert(roles)
      .values({ systemKey: key, name, permissions })
      .onConflictDoUpdate({ target: roles.systemKey, set: { name, permissions, updatedAt: sql`now()` } });
  }
}

async function systemRoleId(tx: Db, key: SystemRoleKey) {
  const [row] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.systemKey, key));
  return row!.id;
}

const DEMO_CATEGORIES: Record<string, string[]> = {
  Telecommunications: ['Tower', 'Generator', 'Rectifier', 'Air Conditioner', 'Battery Bank'],
  'Power & Energy': ['Diesel Generator', 'Solar System', 'Inverter', 'Transformer'],
  'Building & Facilities': ['HVAC', 'Elevator', 'Plumbing', 'Electrical', 'Fire Safety'],
  'Healthcare Equipment': ['Imaging', 'Laboratory', 'Patient Monitoring', 'Sterilisation'],
  'Industrial Machinery': ['Pump', 'Compressor', 'Conveyor', 'Boiler'],
  'Vehicles & Fleet': ['Truck', 'Pickup', 'Forklift'],
};

async function seedDemo(tx: Db): Promise<string[]> {
  const categoryIds: Record<string, string> = {};
  const subCategoryIds: Record<string, string> = {};
  for (const [name, subs] of Object.entries(DEMO_CATEGORIES)) {
    const [parent] = await tx.insert(categories).values({ name }).returning({ id: categories.id });
    categoryIds[name] = parent!.id;
    const children = await tx
      .insert(categories)
      .values(subs.map((sub) => ({ name: sub, parentId: parent!.id })))
      .returning({ id: categories.id, name: categories.name });
    for (const child of children) subCategoryIds[`${name}/${child.name}`] = child.id;
  }

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const accounts: string[] = [];
  const org = async (values: typeof organisations.$inferInsert) => {
    const [row] = await tx.insert(organisations).values(values).returning({ id: organisations.id });
    return row!.id;
  };
  const user = async (values: Omit<typeof users.$inferInsert, 'passwordHash'>, withPassword = true) => {
    const [row] = await tx
      .insert(users)
      .values({ ...values, passwordHash: withPassword ? passwordHash : null })
      .returning({ id: users.id });
    if (values.status === 'active') accounts.push(values.email);
    await tx.insert(activities).values({
      organisationId: values.organisationId,
      userId: row!.id,
      action: 'user.seeded',
      description: `Account created for ${values.firstName} ${values.lastName}`,
    });
    return row!.id;
  };
  const lagos = { state: 'lagos', lga: 'Ikeja' };

  const platform = await org({ kind: 'platform', name: 'AMP Platform', status: 'active', isCompany: true });
  await user({
    organisationId: platform,
    roleId: await systemRoleId(tx, 'super_admin'),
    email: 'super@amp.test',
    firstName: 'Ada',
    lastName: 'Administrator',
    status: 'active',
    isOrgAdmin: true,
  });

  const telecom = [categoryIds.Telecommunications!];
  const owner = await org({
    kind: 'asset_owner',
    name: 'Lagos Towers Ltd',
    status: 'active',
    isCompany: true,
    email: 'owner@amp.test',
    telephone: '08030000001',
    address: '12 Allen Avenue',
    ...lagos,
    categoryIds: telecom,
  });
  await user({
    organisationId: owner,
    roleId: await systemRoleId(tx, 'asset_owner'),
    email: 'owner@amp.test',
    firstName: 'Olumide',
    lastName: 'Owner',
    telephone: '08030000001',
    designation: 'Head of O&M',
    status: 'active',
    isOrgAdmin: true,
  });
  const assetOfficerPermissions: Permission[] = [
    'viewAsset',
    'manageAsset',
    'createNewAsset',
    'manageAssetFault',
    'viewSR',
    'viewOutgoingSR',
    'viewCompletedSR',
  ];
  const [officerRole] = await tx
    .insert(roles)
    .values({ organisationId: owner, name: 'Asset Officer', permissions: assetOfficerPermissions.filter((p) => PERMISSIONS.includes(p)) })
    .returning({ id: roles.id });
  await user({
    organisationId: owner,
    roleId: officerRole!.id,
    email: 'owner.staff@amp.test',
    firstName: 'Ngozi',
    lastName: 'Staff',
    telephone: '08030000002',
    designation: 'Asset Officer',
    status: 'active',
  });

  const mro = await org({
    kind: 'mro',
    name: 'Prime Maintenance Services',
    status: 'active',
    isCompany: true,
    email: 'mro@amp.test',
    ...lagos,
    categoryIds: telecom,
  });
  await user({
    organisationId: mro,
    roleId: await systemRoleId(tx, 'mro'),
    email: 'mro@amp.test',
    firstName: 'Musa',
    lastName: 'Maintenance',
    designation: 'Operations Manager',
    status: 'active',
    isOrgAdmin: true,
  });
  const technician = await systemRoleId(tx, 'technician');
  await user({
    organisationId: mro,
    roleId: technician,
    email: 'tech1@amp.test',
    firstName: 'Tunde',
    lastName: 'Technician',
    designation: 'Field Technician',
    status: 'active',
  });
  await user({
    organisationId: mro,
    roleId: technician,
    email: 'tech2@amp.test',
    firstName: 'Chika',
    lastName: 'Technician',
    designation: 'Field Technician',
    status: 'active',
  });

  const imo = await org({
    kind: 'imo',
    name: 'Northern Implementation Co.',
    status: 'active',
    isCompany: true,
    state: 'kano',
    lga: 'Nassarawa',
  });
  await user({
    organisationId: imo,
    roleId: await systemRoleId(tx, 'imo'),
    email: 'imo@amp.test',
    firstName: 'Ibrahim',
    lastName: 'Implementer',
    status: 'active',
    isOrgAdmin: true,
  });

  const ext = await org({
    kind: 'external_technician',
    name: 'Emeka Okafor',
    status: 'active',
    isCompany: false,
    state: 'enugu',
    lga: 'Enugu North',
  });
  await user({
    organisationId: ext,
    roleId: await systemRoleId(tx, 'external_technician'),
    email: 'ext.tech@amp.test',
    firstName: 'Emeka',
    lastName: 'Okafor',
    status: 'active',
    isOrgAdmin: true,
  });

  const supplier = await org({
    kind: 'supplier',
    name: 'Delta Spares & Supplies',
    status: 'active',
    isCompany: true,
    state: 'delta',
    lga: 'Warri South',
  });
  await user({
    organisationId: supplier,
    roleId: await systemRoleId(tx, 'supplier'),
    email: 'supplier@amp.test',
    firstName: 'Sola',
    lastName: 'Supplier',
    status: 'active',
    isOrgAdmin: true,
  });

  const pending = await org({
    kind: 'asset_owner',
    name: 'Sunrise Facilities Ltd',
    status: 'pending',
    isCompany: true,
    email: 'pending.owner@amp.test',
    state: 'oyo',
    lga: 'Ibadan North',
    categoryIds: [categoryIds['Building & Facilities']!],
    subCategoryIds: [subCategoryIds['Building & Facilities/HVAC']!],
  });
  await user(
    {
      organisationId: pending,
      roleId: await systemRoleId(tx, 'asset_owner'),
      email: 'pending.owner@amp.test',
      firstName: 'Funmi',
      lastName: 'Pending',
      designation: 'Facility Manager',
      status: 'pending',
      isOrgAdmin: true,
    },
    false,
  );
  return accounts;
}
