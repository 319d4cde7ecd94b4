/**
 * The user guides of the Help Center (docs/product.md#help-center): who each is for, how hard it is, and the screen
 * its screenshot shows. Texts live in locales/<lang>/: help.guides.<slug>.title and .summary in
 * help-guides.json, .step1 to .stepN in help-steps.json. A script photographs `screen.path` signed in as `screen.account`
 * into public/help/screenshots/<lang>/<slug>.jpg, so the pictures follow the screens.
 */

export const GUIDE_CATEGORIES = [
  'basic-operations',
  'fault-reporting',
  'service-request',
  'work-order',
  'asset-management',
  'sla-management',
  'administration',
  'pricebook-warehouse',
] as const;
export type GuideCategory = (typeof GUIDE_CATEGORIES)[number];

export type GuideDifficulty = 'easy' | 'medium' | 'hard';

/** The parties a guide is written for (docs/product.md#who-uses-amp). */
export type GuideRole = 'everyone' | 'owner' | 'mro' | 'imo' | 'technician' | 'extTechnician' | 'supplier' | 'superAdmin' | 'public';

export interface Guide {
  slug: string;
  category: GuideCategory;
  difficulty: GuideDifficulty;
  roles: readonly GuideRole[];
  /** How many numbered steps its texts have (step1..stepN). */
  steps: number;
  /** The screen to photograph, and a demo account (apps/api/src/db/seed.ts) that sees it. */
  screen: { path: string; account: string };
}

export const GUIDES: readonly Guide[] = [
  {
    slug: 'sign-in-and-dashboard',
    category: 'basic-operations',
    difficulty: 'easy',
    roles: ['everyone'],
    steps: 4,
    screen: { path: '/dashboard', account: 'owner@amp.test' },
  },
  {
    slug: 'report-fault-qr',
    category: 'fault-reporting',
    difficulty: 'easy',
    roles: ['public', 'technician'],
    steps: 4,
    screen: { path: '/asset/report-fault', account: 'owner.staff@amp.test' },
  },
  {
    slug: 'send-service-request',
    category: 'service-request',
    difficulty: 'medium',
    roles: ['owner'],
    steps: 5,
    screen: { path: '/service-request/new', account: 'owner@amp.test' },
  },
  {
    slug: 'create-work-order',
    category: 'work-order',
    difficulty: 'medium',
    roles: ['owner'],
    steps: 5,
    screen: { path: '/work-order/create', account: 'planner@amp.test' },
  },
  {
    slug: 'add-asset',
    category: 'asset-management',
    difficulty: 'easy',
    roles: ['owner'],
    steps: 4,
    screen: { path: '/asset/add', account: 'owner@amp.test' },
  },
  {
    slug: 'carry-out-work-order',
    category: 'work-order',
    difficulty: 'medium',
    roles: ['technician', 'extTechnician'],
    steps: 5,
    screen: { path: '/work-order/incoming', account: 'tech1@amp.test' },
  },
  {
    slug: 'profile-and-language',
    category: 'basic-operations',
    difficulty: 'easy',
    roles: ['everyone'],
    steps: 4,
    screen: { path: '/user-profile/language', account: 'owner@amp.test' },
  },
  {
    slug: 'report-fault-in-app',
    category: 'fault-reporting',
    difficulty: 'easy',
    roles: ['owner', 'mro', 'technician'],
    steps: 4,
    screen: { path: '/asset/report-fault', account: 'tech1@amp.test' },
  },
  {
    slug: 'review-faults',
    category: 'fault-reporting',
    difficulty: 'medium',
    roles: ['owner', 'mro'],
    steps: 4,
    screen: { path: '/asset/reported-faults', account: 'owner@amp.test' },
  },
  {
    slug: 'respond-service-request',
    category: 'service-request',
    difficulty: 'easy',
    roles: ['mro', 'imo', 'extTechnician'],
    steps: 4,
    screen: { path: '/service-request/incoming', account: 'mro@amp.test' },
  },
  {
    slug: 'submit-observation',
    category: 'service-request',
    difficulty: 'medium',
    roles: ['technician', 'extTechnician'],
    steps: 5,
    screen: { path: '/service-request/observation', account: 'tech1@amp.test' },
  },
  {
    slug: 'review-observations',
    category: 'service-request',
    difficulty: 'medium',
    roles: ['owner'],
    steps: 4,
    screen: { path: '/service-request/outgoing', account: 'owner@amp.test' },
  },
  {
    slug: 'approval-levels',
    category: 'work-order',
    difficulty: 'hard',
    roles: ['owner'],
    steps: 4,
    screen: { path: '/work-order/configuration', account: 'owner@amp.test' },
  },
  {
    slug: 'approve-work-order',
    category: 'work-order',
    difficulty: 'easy',
    roles: ['owner'],
    steps: 3,
    screen: { path: '/work-order/approval-requests', account: 'gm@amp.test' },
  },
  {
    slug: 'provider-work-order',
    category: 'work-order',
    difficulty: 'medium',
    roles: ['mro', 'imo', 'extTechnician'],
    steps: 4,
    screen: { path: '/work-order/incoming', account: 'mro@amp.test' },
  },
  {
    slug: 'certify-and-rate',
    category: 'work-order',
    difficulty: 'easy',
    roles: ['owner', 'mro'],
    steps: 4,
    screen: { path: '/work-order/completed', account: 'owner@amp.test' },
  },
  {
    slug: 'bulk-import-assets',
    category: 'asset-management',
    difficulty: 'hard',
    roles: ['owner'],
    steps: 5,
    screen: { path: '/asset/bulk/add', account: 'owner@amp.test' },
  },
  {
    slug: 'qr-labels',
    category: 'asset-management',
    difficulty: 'easy',
    roles: ['owner'],
    steps: 3,
    screen: { path: '/asset/asset-list', account: 'owner@amp.test' },
  },
  {
    slug: 'clusters',
    category: 'asset-management',
    difficulty: 'medium',
    roles: ['owner'],
    steps: 4,
    screen: { path: '/asset/cluster', account: 'owner@amp.test' },
  },
  {
    slug: 'assign-assets',
    category: 'asset-management',
    difficulty: 'medium',
    roles: ['owner', 'mro', 'imo'],
    steps: 4,
    screen: { path: '/asset/assigned', account: 'mro@amp.test' },
  },
  {
    slug: 'manage-sla',
    category: 'sla-management',
    difficulty: 'medium',
    roles: ['owner'],
    steps: 4,
    screen: { path: '/sla/manage', account: 'owner@amp.test' },
  },
  {
    slug: 'users-and-roles',
    category: 'administration',
    difficulty: 'medium',
    roles: ['owner', 'mro', 'imo', 'supplier', 'superAdmin'],
    steps: 5,
    screen: { path: '/user/role', account: 'owner@amp.test' },
  },
  {
    slug: 'registration-requests',
    category: 'administration',
    difficulty: 'easy',
    roles: ['superAdmin'],
    steps: 4,
    screen: { path: '/user/request', account: 'super@amp.test' },
  },
  {
    slug: 'categories',
    category: 'administration',
    difficulty: 'easy',
    roles: ['superAdmin'],
    steps: 3,
    screen: { path: '/category/view', account: 'super@amp.test' },
  },
  {
    slug: 'reports-and-score-cards',
    category: 'administration',
    difficulty: 'easy',
    roles: ['owner', 'mro', 'superAdmin'],
    steps: 4,
    screen: { path: '/report/sr-wo-report', account: 'owner@amp.test' },
  },
  {
    slug: 'pricebook',
    category: 'pricebook-warehouse',
    difficulty: 'medium',
    roles: ['supplier', 'mro', 'imo'],
    steps: 4,
    screen: { path: '/pricebook/view', account: 'supplier@amp.test' },
  },
  {
    slug: 'warehouses-and-stock',
    category: 'pricebook-warehouse',
    difficulty: 'medium',
    roles: ['owner', 'mro', 'supplier'],
    steps: 5,
    screen: { path: '/manage-warehouse/view', account: 'store@amp.test' },
  },
  {
    slug: 'material-requests',
    category: 'pricebook-warehouse',
    difficulty: 'easy',
    roles: ['technician', 'mro'],
    steps: 4,
    screen: { path: '/material-request', account: 'tech1@amp.test' },
  },
  {
    slug: 'purchase-orders-buyer',
    category: 'pricebook-warehouse',
    difficulty: 'hard',
    roles: ['owner', 'mro', 'imo'],
    steps: 5,
    screen: { path: '/purchase-order/outgoing', account: 'store@amp.test' },
  },
  {
    slug: 'purchase-orders-supplier',
    category: 'pricebook-warehouse',
    difficulty: 'medium',
    roles: ['supplier'],
    steps: 4,
    screen: { path: '/purchase-order/incoming', account: 'supplier@amp.test' },
  },
];

/** docs/product.md#help-center: Popular Guides shows the first 6 guides. */
export const POPULAR_GUIDE_COUNT = 6;

export function guideBySlug(slug: string | undefined): Guide | undefined {
  return GUIDES.find((guide) => guide.slug === slug);
}

export function isGuideCategory(value: string | null | undefined): value is GuideCategory {
  return (GUIDE_CATEGORIES as readonly string[]).includes(value ?? '');
}

/** The guides in reading order: by category as the sidebar lists them, then as written. */
export const GUIDES_IN_ORDER: readonly Guide[] = GUIDE_CATEGORIES.flatMap((category) =>
  GUIDES.filter((guide) => guide.category === category),
);
