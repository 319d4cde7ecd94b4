import { nairaToKobo } from '@amp/contracts/money';
import { SYSTEM_ROLE_KEYS, SYSTEM_ROLES, type SystemRoleKey } from '@amp/contracts/organisation';
import { PERMISSIONS, type Permission } from '@amp/contracts/permissions';
import { count, eq, sql } from 'drizzle-orm';
import { RecordedEffects } from '../lib/effects.js';
import { hashPassword } from '../lib/passwords.js';
import type { Db } from './client.js';
import { nigerianStates } from './reference-data.js';
import {
  assetAssignments,
  assets,
  categories,
  clusters,
  codeCounters,
  faultReports,
  faults,
  lgas,
  mailOutbox,
  organisations,
  pricebookItems,
  roles,
  slas,
  slaTargets,
  states,
  technicianAssignments,
  users,
} from './schema/index.js';
import { seedDemoServiceRequests } from './seed-service-requests.js';
import { seedDemoSupply } from './seed-supply.js';
import { seedDemoWorkOrders } from './seed-work-orders.js';
import { analyzeDatabase } from './tidy-up.js';

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
  // The demo's first lists are planned on its rows, not on the empty tables of a new database.
  await analyzeDatabase(db);
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

/**
 * Seed activities go through the write path's own insert (action and message parameters), stored
 * with the rest of the demo data in its one transaction.
 */
const NO_JOBS = { sendInTransaction: async () => {} };

async function seedDemo(tx: Db): Promise<string[]> {
  const fx = new RecordedEffects(null);
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
    fx.activity({
      organisationId: values.organisationId,
      userId: row!.id,
      action: 'user.seeded',
      params: { name: `${values.firstName} ${values.lastName}` },
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
  const ownerUser = await user({
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

  // Who raises the owner's work orders, and who approves them above Head O&M (the owner's admin).
  const role = async (name: string, permissions: Permission[]) => {
    const [row] = await tx
      .insert(roles)
      .values({ organisationId: owner, name, permissions: permissions.filter((p) => PERMISSIONS.includes(p)) })
      .returning({ id: roles.id });
    return row!.id;
  };
  const plannerRole = await role('Maintenance Planner', [
    'viewAsset',
    'manageAssetFault',
    'viewSR',
    'viewOutgoingSR',
    'viewCompletedSR',
    'manageWO',
    'viewOutgoingWO',
    'viewCompletedWO',
  ]);
  const executiveRole = await role('Executive Approver', [
    'viewAsset',
    'manageWO',
    'approveWO',
    'viewOutgoingWO',
    'viewCompletedWO',
    'manageReport',
    'viewAssetReport',
    'viewAllSRReport',
    'viewScoreCard',
  ]);
  const planner = await user({
    organisationId: owner,
    roleId: plannerRole,
    email: 'planner@amp.test',
    firstName: 'Kemi',
    lastName: 'Planner',
    telephone: '08030000003',
    designation: 'Maintenance Planner',
    status: 'active',
  });
  const gm = await user({
    organisationId: owner,
    roleId: executiveRole,
    email: 'gm@amp.test',
    firstName: 'Grace',
    lastName: 'Manager',
    telephone: '08030000004',
    designation: 'General Manager',
    status: 'active',
  });
  const ceo = await user({
    organisationId: owner,
    roleId: executiveRole,
    email: 'ceo@amp.test',
    firstName: 'Chidi',
    lastName: 'Executive',
    telephone: '08030000005',
    designation: 'Chief Executive Officer',
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
  const mroUser = await user({
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
  const tech1 = await user({
    organisationId: mro,
    roleId: technician,
    email: 'tech1@amp.test',
    firstName: 'Tunde',
    lastName: 'Technician',
    designation: 'Field Technician',
    status: 'active',
  });
  const tech2 = await user({
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
  const imoUser = await user({
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
  const extUser = await user({
    organisationId: ext,
    roleId: await systemRoleId(tx, 'external_technician'),
    email: 'ext.tech@amp.test',
    firstName: 'Emeka',
    lastName: 'Okafor',
    status: 'active',
    isOrgAdmin: true,
  });

  const providers = { mro, mroUser, tech1, tech2, imo, imoUser, ext, extUser };
  const demoAssets = await seedDemoAssets(tx, fx, { owner, ownerUser, ...providers, categoryIds, subCategoryIds });
  await seedDemoFaults(tx, fx, { owner, ownerUser, ...providers, assets: demoAssets });

  const supplier = await org({
    kind: 'supplier',
    name: 'Delta Spares & Supplies',
    status: 'active',
    isCompany: true,
    state: 'delta',
    lga: 'Warri South',
  });
  const supplierUser = await user({
    organisationId: supplier,
    roleId: await systemRoleId(tx, 'supplier'),
    email: 'supplier@amp.test',
    firstName: 'Sola',
    lastName: 'Supplier',
    status: 'active',
    isOrgAdmin: true,
  });
  await seedDemoPricebooks(tx, { ...providers, supplier });
  await seedDemoServiceRequests(tx, fx, { owner, ownerUser, ...providers, assets: demoAssets });
  await seedDemoWorkOrders(tx, fx, { owner, ownerUser, planner, gm, ceo, ...providers, assets: demoAssets });

  // The MRO's store manager keeps its warehouses, takes its technicians' material requests and raises its purchase orders.
  const [storeRole] = await tx
    .insert(roles)
    .values({
      organisationId: mro,
      name: 'Store Manager',
      permissions: (
        [
          'manageWarehouse',
          'viewWarehouse',
          'managePO',
          'viewOutgoingPO',
          'viewCompletedPO',
          'confirmSupply',
          'manageReport',
          'viewWarehouseReport',
        ] as Permission[]
      ).filter((p) => PERMISSIONS.includes(p)),
    })
    .returning({ id: roles.id });
  const store = await user({
    organisationId: mro,
    roleId: storeRole!.id,
    email: 'store@amp.test',
    firstName: 'Bola',
    lastName: 'Storekeeper',
    telephone: '08030000021',
    designation: 'Store Manager',
    status: 'active',
  });
  await seedDemoSupply(tx, fx, { owner, ownerUser, mro, mroUser, store, tech1, tech2, supplier, supplierUser });

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
  fx.notify({
    event: 'registration.pending',
    to: { superAdmins: true },
    params: { organisation: 'Sunrise Facilities Ltd' },
    path: '/user/request',
  });
  // A welcome mail the delivery job gave up on (a mistyped address), for the super admin's failed mail page.
  await tx.insert(mailOutbox).values({
    to: 'f.okafor@lagostowers.example',
    subject: 'Welcome to AMP',
    text: 'Welcome to AMP, Femi. Sign in at http://localhost:3000/auth/login',
    status: 'failed',
    attempts: 6,
    error: '550 5.1.1 <f.okafor@lagostowers.example>: Recipient address rejected: User unknown in virtual mailbox table',
  });
  await fx.flush(tx, NO_JOBS, { publicUrl: 'http://localhost:3000' });
  return accounts;
}

/** The demo's providers: the MRO with its two technicians, the IMO and the external technician, and their users. */
export interface DemoProviders {
  mro: string;
  mroUser: string;
  tech1: string;
  tech2: string;
  imo: string;
  imoUser: string;
  ext: string;
  extUser: string;
}

/**
 * The owner's inventory for the demo: three sites with assets in every status; the Ikeja site given
 * to the MRO, which dispatched a generator to tech1 and the battery bank to tech2; the Lekki campus
 * given to the IMO; the Abuja office's split units given to the external technician.
 */
async function seedDemoAssets(
  tx: Db,
  fx: RecordedEffects,
  ids: DemoProviders & {
    owner: string;
    ownerUser: string;
    categoryIds: Record<string, string>;
    subCategoryIds: Record<string, string>;
  },
) {
  const { owner, ownerUser } = ids;
  const sites = await tx
    .insert(clusters)
    .values(
      [
        { clusterCode: 'CL-000001', name: 'Ikeja Tower Site', state: 'lagos', lga: 'Ikeja', address: '4 Obafemi Awolowo Way' },
        { clusterCode: 'CL-000002', name: 'Lekki Campus', state: 'lagos', lga: 'Eti Osa', address: 'Plot 9, Admiralty Way' },
        {
          clusterCode: 'CL-000003',
          name: 'Abuja Regional Office',
          state: 'abuja',
          lga: 'Abuja Municipal Area Council',
          address: '21 Aminu Kano Crescent',
        },
      ].map((c) => ({ ...c, organisationId: owner, createdBy: ownerUser })),
    )
    .returning({ id: clusters.id });
  const [ikeja, lekki, abuja] = sites.map((row) => row.id) as [string, string, string];
  const sub = (path: string) => ids.subCategoryIds[path]!;
  const category = (name: string) => ids.categoryIds[name]!;
  type Row = [string, string | null, string, string, string, 'active' | 'faulty' | 'under_maintenance', number | null, string, string];
  // name, cluster, category, sub-category, brand, status, cost in naira, location ID, location name
  const rows: Row[] = [
    ['Tower generator 1', ikeja, 'Telecommunications', 'Generator', 'Mikano', 'active', 8_500_000, 'IKJ-GEN-1', 'Generator house'],
    ['Tower generator 2', ikeja, 'Telecommunications', 'Generator', 'Mikano', 'faulty', 8_500_000, 'IKJ-GEN-2', 'Generator house'],
    ['Rectifier cabinet', ikeja, 'Telecommunications', 'Rectifier', 'Eltek', 'active', 2_150_000, 'IKJ-RCT-1', 'Equipment room'],
    [
      'Shelter air conditioner',
      ikeja,
      'Telecommunications',
      'Air Conditioner',
      'LG',
      'under_maintenance',
      650_000,
      'IKJ-AC-1',
      'Equipment room',
    ],
    ['Battery bank A', ikeja, 'Telecommunications', 'Battery Bank', 'Narada', 'active', 3_400_000, 'IKJ-BAT-1', 'Equipment room'],
    ['Lattice tower', ikeja, 'Telecommunications', 'Tower', 'IHS', 'active', 45_000_000, 'IKJ-TWR-1', 'Compound'],
    ['Main diesel generator', lekki, 'Power & Energy', 'Diesel Generator', 'Caterpillar', 'active', 32_000_000, 'LEK-GEN-1', 'Power house'],
    ['Rooftop solar array', lekki, 'Power & Energy', 'Solar System', 'Jinko', 'active', 12_750_000, 'LEK-SOL-1', 'Roof, block B'],
    ['Inverter bank', lekki, 'Power & Energy', 'Inverter', 'Victron', 'faulty', 4_300_000, 'LEK-INV-1', 'Power house'],
    ['Passenger lift 1', lekki, 'Building & Facilities', 'Elevator', 'Otis', 'active', 28_000_000, 'LEK-LFT-1', 'Block A lobby'],
    ['Central chiller', lekki, 'Building & Facilities', 'HVAC', 'Carrier', 'under_maintenance', 19_500_000, 'LEK-HVAC-1', 'Plant room'],
    ['Fire pump set', lekki, 'Building & Facilities', 'Fire Safety', 'Grundfos', 'active', 5_600_000, 'LEK-FIRE-1', 'Pump room'],
    ['Step-down transformer', abuja, 'Power & Energy', 'Transformer', 'Schneider', 'active', 15_000_000, 'ABJ-TRF-1', 'Substation'],
    ['Office split units', abuja, 'Building & Facilities', 'HVAC', 'Samsung', 'active', 2_800_000, 'ABJ-AC-1', 'Second floor'],
    ['Water booster pump', abuja, 'Industrial Machinery', 'Pump', 'Pedrollo', 'faulty', 1_200_000, 'ABJ-PMP-1', 'Basement'],
    ['Pool pickup truck', null, 'Vehicles & Fleet', 'Pickup', 'Toyota Hilux', 'active', 38_000_000, 'FLEET-01', 'Head office car park'],
  ];
  const inserted = await tx
    .insert(assets)
    .values(
      rows.map(([name, clusterId, categoryName, subName, brand, status, naira, locationId, locationName], index) => ({
        organisationId: owner,
        assetCode: `AS-${String(index + 1).padStart(6, '0')}`,
        name,
        clusterId,
        categoryId: category(categoryName),
        subCategoryId: sub(`${categoryName}/${subName}`),
        brand,
        model: `${brand.split(' ')[0]}-${100 + index * 7}`,
        serialNumber: `SN-${2024000 + index * 13}`,
        installationDate: `202${index % 5}-0${1 + (index % 9)}-15`,
        warrantyExpiry: `202${6 + (index % 4)}-12-31`,
        status,
        purchaseCostKobo: naira === null ? null : naira * 100,
        locationId,
        locationName,
        createdBy: ownerUser,
        // Entered a year ago (before the demo's faults and work orders, which go back months: the asset
        // report's window starts at an asset's entry), an hour apart, so the newest-first list reads
        // AS-000016 down to AS-000001.
        createdAt: new Date(Date.now() - (365 * 24 + rows.length - index) * 3_600_000),
      })),
    )
    .returning({ id: assets.id, name: assets.name, code: assets.assetCode });
  await tx.insert(codeCounters).values([
    { organisationId: owner, kind: 'cluster', lastValue: sites.length },
    { organisationId: owner, kind: 'asset', lastValue: inserted.length },
  ]);
  const splitUnits = inserted.find((a) => a.name === 'Office split units')!;
  await tx.insert(assetAssignments).values([
    { ownerId: owner, providerId: ids.mro, clusterId: ikeja, assignedBy: ownerUser },
    { ownerId: owner, providerId: ids.imo, clusterId: lekki, assignedBy: ownerUser },
    { ownerId: owner, providerId: ids.ext, assetId: splitUnits.id, assignedBy: ownerUser },
  ]);
  const [sla] = await tx
    .insert(slas)
    .values({
      organisationId: owner,
      providerId: ids.mro,
      title: 'Ikeja tower site maintenance',
      terms: 'Preventive maintenance every month; faults answered within 4 hours and fixed within 24 hours, around the clock.',
      responseHours: 4,
      resolutionHours: 24,
      createdBy: ownerUser,
    })
    .returning({ id: slas.id });
  await tx.insert(slaTargets).values({ slaId: sla!.id, clusterId: ikeja });
  const generator = inserted.find((a) => a.name === 'Tower generator 2')!;
  const batteries = inserted.find((a) => a.name === 'Battery bank A')!;
  await tx.insert(technicianAssignments).values([
    { providerId: ids.mro, technicianId: ids.tech1, assetId: generator.id, assignedBy: ids.mroUser },
    { providerId: ids.mro, technicianId: ids.tech2, assetId: batteries.id, assignedBy: ids.mroUser },
  ]);
  for (const a of inserted) {
    fx.activity({
      organisationId: owner,
      userId: ownerUser,
      action: 'asset.created',
      params: { name: a.name, code: a.code },
      subject: { type: 'asset', id: a.id },
    });
  }
  for (const [id, name, code, provider] of [
    [ikeja, 'Ikeja Tower Site', 'CL-000001', 'Prime Maintenance Services'],
    [lekki, 'Lekki Campus', 'CL-000002', 'Northern Implementation Co.'],
  ] as const) {
    fx.activity({
      organisationId: owner,
      userId: ownerUser,
      action: 'cluster.assigned',
      params: { name, code, provider },
      subject: { type: 'cluster', id },
    });
  }
  fx.activity({
    organisationId: owner,
    userId: ownerUser,
    action: 'asset.assigned',
    params: { name: splitUnits.name, code: splitUnits.code, provider: 'Emeka Okafor' },
    subject: { type: 'asset', id: splitUnits.id },
  });
  fx.activity({
    organisationId: owner,
    userId: ownerUser,
    action: 'sla.created',
    params: { title: 'Ikeja tower site maintenance', provider: 'Prime Maintenance Services', response: 4, resolution: 24 },
    subject: { type: 'sla', id: sla!.id },
  });
  fx.activity({
    organisationId: ids.mro,
    userId: ids.mroUser,
    action: 'asset.dispatched',
    params: { name: generator.name, code: generator.code, technician: 'Tunde Technician' },
    subject: { type: 'asset', id: generator.id },
  });
  fx.activity({
    organisationId: ids.mro,
    userId: ids.mroUser,
    action: 'asset.dispatched',
    params: { name: batteries.name, code: batteries.code, technician: 'Chika Technician' },
    subject: { type: 'asset', id: batteries.id },
  });
  // What the providers and the technicians were told, as the write path tells them.
  const provider = { organisation: ids.mro, permission: ['viewOrganizationAssignedAsset' as const] };
  const ownerName = 'Lagos Towers Ltd';
  fx.notify({
    event: 'assignment.assigned',
    to: provider,
    params: { owner: ownerName, provider: 'Prime Maintenance Services', count: 1, kind: 'cluster', names: 'Ikeja Tower Site' },
    path: `/asset/assigned/cluster/${ikeja}`,
  });
  fx.notify({
    event: 'sla.created',
    to: provider,
    params: { owner: ownerName, title: 'Ikeja tower site maintenance' },
    path: '/asset/assigned',
  });
  for (const [technician, asset] of [
    [ids.tech1, generator],
    [ids.tech2, batteries],
  ] as const) {
    fx.notify({
      event: 'assignment.dispatched',
      to: { users: [technician] },
      params: { owner: ownerName, kind: 'asset', name: asset.name, code: asset.code },
      path: `/asset/assigned/technician/asset/${asset.id}`,
    });
  }
  fx.notify({
    event: 'assignment.assigned',
    to: { organisation: ids.imo, permission: ['viewOrganizationAssignedAsset' as const] },
    params: { owner: ownerName, provider: 'Northern Implementation Co.', count: 1, kind: 'cluster', names: 'Lekki Campus' },
    path: `/asset/assigned/cluster/${lekki}`,
  });
  fx.notify({
    event: 'assignment.assigned',
    to: { organisation: ids.ext, permission: ['viewOrganizationAssignedAsset' as const] },
    params: { owner: ownerName, provider: 'Emeka Okafor', count: 1, kind: 'asset', names: splitUnits.name },
    path: `/asset/assigned/asset/${splitUnits.id}`,
  });
  return inserted;
}

/**
 * Faults for the demo, one in each place of the workflow (docs/product.md#faults): a portal report awaiting
 * the owner with a "+1", tech1's report awaiting the MRO, one the MRO approved, one returned to
 * tech1, a portal report the owner rejected; tech2's report awaiting the MRO; the IMO's own report
 * and a portal report on the Lekki campus it holds; the external technician's own report. Written
 * with their reports, activities, notifications and the assets' open-fault counts, as the fault
 * module writes them.
 */
async function seedDemoFaults(
  tx: Db,
  fx: RecordedEffects,
  ids: DemoProviders & {
    owner: string;
    ownerUser: string;
    assets: { id: string; name: string; code: string }[];
  },
) {
  const asset = (name: string) => ids.assets.find((a) => a.name === name)!;
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
  const staff = (reporterUserId: string, organisationId: string, name: string, email: string, phone: string) => ({
    reporterUserId,
    organisationId,
    name,
    email,
    phone,
    source: 'provider' as const,
  });
  const tunde = staff(ids.tech1, ids.mro, 'Tunde Technician', 'tech1@amp.test', '08030000101');
  const portal = (name: string, email: string, phone: string) => ({
    reporterUserId: null,
    organisationId: null,
    name,
    email,
    phone,
    source: 'portal' as const,
  });
  type Reporter = ReturnType<typeof portal> | typeof tunde;
  interface DemoFault {
    code: string;
    asset: string;
    /** The provider that holds the asset, and its user who decides. */
    provider: { id: string; user: string };
    faultType: 'Repair' | 'Replacement';
    status: 'awaiting_provider' | 'returned' | 'awaiting_owner' | 'rejected';
    reporter: Reporter;
    description: string;
    hours: number;
    plusOnes?: { reporter: Reporter; description: string; hours: number }[];
    steps?: { action: 'fault.approved' | 'fault.returned' | 'fault.rejected'; by: 'provider' | 'owner'; hours: number; reason?: string }[];
  }
  const mro = { id: ids.mro, user: ids.mroUser };
  const imo = { id: ids.imo, user: ids.imoUser };
  const demo: DemoFault[] = [
    {
      code: 'FLT-7K3M9Q2X',
      asset: 'Tower generator 2',
      provider: mro,
      faultType: 'Repair',
      status: 'awaiting_owner',
      reporter: portal('Kemi Adeyemi', 'kemi.adeyemi@example.com', '08023456789'),
      description: 'The generator at the Ikeja tower makes a loud knocking noise and black smoke comes out of the exhaust.',
      hours: 30,
      plusOnes: [
        {
          reporter: portal('Segun Bello', 'segun.bello@example.com', '08098765432'),
          description: 'Heard the same knocking this morning; the site lights flickered when it started.',
          hours: 6,
        },
      ],
    },
    {
      code: 'FLT-4HXN8RWD',
      asset: 'Tower generator 2',
      provider: mro,
      faultType: 'Replacement',
      status: 'awaiting_provider',
      reporter: tunde,
      description: 'Fuel injection pump worn out (leaking at the seal). Needs a replacement pump, part 2644H041.',
      hours: 3,
    },
    {
      code: 'FLT-C2PV6GJA',
      asset: 'Shelter air conditioner',
      provider: mro,
      faultType: 'Repair',
      status: 'awaiting_owner',
      reporter: tunde,
      description: 'Compressor trips after ten minutes; shelter temperature reached 34 °C.',
      hours: 50,
      steps: [{ action: 'fault.approved', by: 'provider', hours: 48 }],
    },
    {
      code: 'FLT-9TBE5YQM',
      asset: 'Rectifier cabinet',
      provider: mro,
      faultType: 'Repair',
      status: 'returned',
      reporter: tunde,
      description: 'One rectifier module shows a red alarm LED.',
      hours: 20,
      steps: [{ action: 'fault.returned', by: 'provider', hours: 18, reason: "Please add the module's slot number and serial number." }],
    },
    {
      code: 'FLT-R8DZ3KHW',
      asset: 'Water booster pump',
      provider: mro,
      faultType: 'Repair',
      status: 'rejected',
      reporter: portal('Ngozi Eze', 'ngozi.eze@example.com', '08051112233'),
      description: 'No water pressure on the second floor since yesterday.',
      hours: 96,
      steps: [
        { action: 'fault.rejected', by: 'owner', hours: 90, reason: 'The pump was off for scheduled tank cleaning; it is running again.' },
      ],
    },
    {
      code: 'FLT-M6WQ3TZA',
      asset: 'Battery bank A',
      provider: mro,
      faultType: 'Replacement',
      status: 'awaiting_provider',
      reporter: staff(ids.tech2, ids.mro, 'Chika Technician', 'tech2@amp.test', '08030000102'),
      description: 'Two cells are bulging and the bank now holds the site for 40 minutes instead of 4 hours.',
      hours: 5,
    },
    {
      code: 'FLT-P5JH7NXE',
      asset: 'Central chiller',
      provider: imo,
      faultType: 'Repair',
      status: 'awaiting_owner',
      reporter: staff(ids.imoUser, ids.imo, 'Ibrahim Implementer', 'imo@amp.test', '08030000201'),
      description: 'Condenser fan 2 vibrates badly and the chilled water leaves at 11 °C instead of 7 °C.',
      hours: 26,
    },
    {
      code: 'FLT-V3KD9BRF',
      asset: 'Passenger lift 1',
      provider: imo,
      faultType: 'Repair',
      status: 'awaiting_owner',
      reporter: portal('Aisha Musa', 'aisha.musa@example.com', '08067788990'),
      description: 'The lift stops a few centimetres below the third floor and the doors open anyway.',
      hours: 9,
    },
    {
      code: 'FLT-W2NC8YHE',
      asset: 'Office split units',
      provider: { id: ids.ext, user: ids.extUser },
      faultType: 'Repair',
      status: 'awaiting_owner',
      reporter: staff(ids.extUser, ids.ext, 'Emeka Okafor', 'ext.tech@amp.test', '08030000301'),
      description: 'Unit 3 on the second floor leaks water onto the ceiling board; the drain line is blocked.',
      hours: 14,
    },
  ];
  for (const f of demo) {
    const a = asset(f.asset);
    const label = `${a.name} (${a.code})`;
    const open = f.status !== 'rejected';
    const reporters = [{ reporter: f.reporter, description: f.description, hours: f.hours }, ...(f.plusOnes ?? [])];
    const last = f.steps?.at(-1);
    // Where it is: the asset's cluster, and its state and LGA, as a reporter picks them.
    const [place] = await tx
      .select({ clusterId: assets.clusterId, locationId: assets.locationId, state: clusters.state, lga: clusters.lga })
      .from(assets)
      .leftJoin(clusters, eq(clusters.id, assets.clusterId))
      .where(eq(assets.id, a.id));
    const [row] = await tx
      .insert(faults)
      .values({
        code: f.code,
        organisationId: ids.owner,
        assetId: a.id,
        ...place,
        faultType: f.faultType,
        description: f.description,
        status: f.status,
        source: f.reporter.source,
        reporterUserId: f.reporter.reporterUserId,
        reporterOrganisationId: f.reporter.organisationId,
        providerId: f.provider.id,
        reporterName: f.reporter.name,
        reporterEmail: f.reporter.email,
        reporterPhone: f.reporter.phone,
        reason: last?.reason ?? null,
        reporters: reporters.length,
        createdAt: hoursAgo(f.hours),
        updatedAt: hoursAgo(last?.hours ?? reporters.at(-1)!.hours),
        closedAt: open ? null : hoursAgo(last!.hours),
      })
      .returning({ id: faults.id });
    const subject = { type: 'fault', id: row!.id };
    await tx.insert(faultReports).values(
      reporters.map(({ reporter: { organisationId: _, ...reporter }, description, hours }) => ({
        faultId: row!.id,
        ...reporter,
        description,
        createdAt: hoursAgo(hours),
      })),
    );
    const actor = (r: Reporter) =>
      r.organisationId ? { organisationId: r.organisationId, userId: r.reporterUserId } : { organisationId: ids.owner, userId: null };
    fx.activity({
      ...actor(f.reporter),
      action: 'fault.reported',
      params: { code: f.code, faultType: f.faultType, asset: label },
      subject,
      at: hoursAgo(f.hours),
    });
    for (const [i, p] of (f.plusOnes ?? []).entries()) {
      fx.activity({
        ...actor(p.reporter),
        action: 'fault.plus_one',
        params: { code: f.code, asset: label, reporters: i + 2 },
        subject,
        at: hoursAgo(p.hours),
      });
    }
    for (const step of f.steps ?? []) {
      const by =
        step.by === 'provider'
          ? { organisationId: f.provider.id, userId: f.provider.user }
          : { organisationId: ids.owner, userId: ids.ownerUser };
      fx.activity({
        ...by,
        action: step.action,
        params: { code: f.code, asset: label, ...(step.reason ? { reason: step.reason } : {}) },
        subject,
        at: hoursAgo(step.hours),
      });
    }
    if (f.status === 'awaiting_owner') {
      await tx
        .update(assets)
        .set({ openFaultCount: sql`${assets.openFaultCount} + 1` })
        .where(eq(assets.id, a.id));
    }
    // Who acts next hears of it, as the fault module tells them.
    const params = { code: f.code, asset: label };
    const path = `/asset/reported-faults/${row!.id}`;
    if (f.status === 'awaiting_owner') {
      fx.notify({ event: 'fault.awaiting_owner', to: { organisation: ids.owner, permission: ['manageAssetFault'] }, params, path });
    } else if (f.status === 'awaiting_provider') {
      fx.notify({
        event: 'fault.awaiting_provider',
        to: { organisation: f.provider.id, permission: ['viewOrganizationAssignedAsset'] },
        params,
        path,
      });
    } else if (f.status === 'returned') {
      fx.notify({
        event: 'fault.returned',
        to: { users: [f.reporter.reporterUserId!] },
        params: { ...params, reason: last!.reason! },
        path,
      });
    }
  }
}

type DemoItem = [
  name: string,
  kind: 'service' | 'spare_part' | 'product',
  naira: number,
  unit: string | null,
  brand?: string,
  model?: string,
];

/**
 * The providers' and the supplier's pricebooks: what they charge, with a retired item or two, so
 * the pricebook page and (with the service request issue) the observations have real prices.
 */
async function seedDemoPricebooks(
  tx: Db,
  ids: { mro: string; mroUser: string; imo: string; imoUser: string; ext: string; extUser: string; supplier: string },
) {
  const books: { organisationId: string; createdBy: string | null; items: DemoItem[]; retired?: string[] }[] = [
    {
      organisationId: ids.mro,
      createdBy: ids.mroUser,
      items: [
        ['Generator servicing, up to 100 kVA', 'service', 85_000, 'visit', 'Mikano'],
        ['Generator servicing, 100 to 500 kVA', 'service', 165_000, 'visit'],
        ['Emergency call-out, Lagos', 'service', 25_000, 'call-out'],
        ['Technician labour', 'service', 7_500, 'hour'],
        ['Fuel injection pump', 'spare_part', 412_500, 'piece', 'Perkins', '2644H041'],
        ['Oil filter', 'spare_part', 18_500.5, 'piece', 'Perkins', '2654407'],
        ['Air filter element', 'spare_part', 32_000, 'piece', 'Donaldson', 'P181052'],
        ['Rectifier module, 48 V 50 A', 'spare_part', 265_000, 'piece', 'Eltek', 'Flatpack2'],
        ['VRLA battery, 12 V 200 Ah', 'spare_part', 395_000, 'piece', 'Narada', '12NDF200'],
        ['Engine oil, 15W-40', 'product', 6_800, 'litre', 'Total', 'Rubia TIR 7400'],
        ['Coolant, 50/50 premix', 'product', 4_250, 'litre'],
        ['Oil filter (old part number)', 'spare_part', 15_000, 'piece', 'Perkins', '2654403'],
      ],
      retired: ['Oil filter (old part number)'],
    },
    {
      organisationId: ids.imo,
      createdBy: ids.imoUser,
      items: [
        ['Chiller preventive maintenance', 'service', 450_000, 'visit', 'Carrier'],
        ['Lift inspection and adjustment', 'service', 120_000, 'visit', 'Otis'],
        ['Condenser fan motor', 'spare_part', 385_000, 'piece', 'Carrier', '38AH500008'],
        ['Refrigerant R-134a', 'product', 9_500, 'kg'],
        ['HVAC technician labour', 'service', 9_000, 'hour'],
      ],
    },
    {
      organisationId: ids.ext,
      createdBy: ids.extUser,
      items: [
        ['Split unit cleaning and gas top-up', 'service', 35_000, 'unit'],
        ['Drain line unblocking', 'service', 15_000, 'unit'],
        ['Capacitor, 45 µF', 'spare_part', 8_500, 'piece'],
      ],
    },
    {
      organisationId: ids.supplier,
      createdBy: null,
      items: [
        ['Diesel generator oil filter', 'product', 17_500, 'piece', 'Perkins', '2654407'],
        ['Deep-cycle battery, 12 V 200 Ah', 'product', 380_000, 'piece', 'Narada', '12NDF200'],
        ['Diesel, delivered', 'product', 1_150, 'litre'],
        ['Solar panel, 550 W', 'product', 165_000, 'piece', 'Jinko', 'Tiger Neo'],
      ],
    },
  ];
  for (const book of books) {
    await tx.insert(pricebookItems).values(
      book.items.map(([name, kind, naira, unit, brand, model]) => ({
        organisationId: book.organisationId,
        name,
        kind,
        priceKobo: nairaToKobo(naira)!,
        unit,
        brand: brand ?? null,
        model: model ?? null,
        createdBy: book.createdBy,
        retiredAt: book.retired?.includes(name) ? sql`now()` : null,
      })),
    );
  }
}
