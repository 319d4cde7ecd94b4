import { z } from 'zod';
import { dateField, out, pageMetaSchema } from './fields.js';
import { formatMessage } from './messages.js';
import type { Permission } from './permissions.js';

/**
 * The three reports of the Report menu (docs/product.md#reports). Each has one set of filters, a summary
 * (headline figures and charts) and one or more tables ("views") that page on screen and export
 * whole, streamed, to CSV or XLSX. A report is described here once, as data: the API answers with
 * these columns and the web draws the same ones, so the screen and the export cannot disagree.
 */
export const REPORT_IDS = ['asset', 'sr-wo', 'warehouse'] as const;
export type ReportId = (typeof REPORT_IDS)[number];

/** The permission each report needs (group manageReport). */
export const REPORT_PERMISSIONS = {
  asset: 'viewAssetReport',
  'sr-wo': 'viewAllSRReport',
  warehouse: 'viewWarehouseReport',
} as const satisfies Record<ReportId, Permission>;

/** How a cell is read and shown: money in kobo, hours as a decimal, percent 0-100. */
export const REPORT_COLUMN_KINDS = ['text', 'code', 'status', 'count', 'hours', 'money', 'percent', 'date', 'datetime'] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];

/** Which label set translates a `status` column or a chart's categories. */
export const REPORT_LABEL_SETS = ['assetStatus', 'srStatus', 'woStatus', 'poStatus', 'movementKind', 'month'] as const;
export type ReportLabelSet = (typeof REPORT_LABEL_SETS)[number];

export interface ReportColumn {
  /** The row's key, and the column's translation key `reports:column.<key>`. */
  key: string;
  kind: ReportColumnKind;
  labels?: ReportLabelSet;
}

const col = (key: string, kind: ReportColumnKind, labels?: ReportLabelSet): ReportColumn =>
  labels ? { key, kind, labels } : { key, kind };

/** Each report's tables, in the order the screen offers them; the first is the default. */
export const REPORT_VIEWS = {
  asset: {
    assets: [
      col('assetID', 'code'),
      col('name', 'text'),
      col('status', 'status', 'assetStatus'),
      col('category', 'text'),
      col('cluster', 'text'),
      col('state', 'text'),
      col('faults', 'count'),
      col('workOrders', 'count'),
      col('downtimeHours', 'hours'),
      col('mttrHours', 'hours'),
      col('mtbfHours', 'hours'),
      col('warrantyExpiry', 'date'),
    ],
  },
  'sr-wo': {
    'work-orders': [
      col('code', 'code'),
      col('title', 'text'),
      col('status', 'status', 'woStatus'),
      col('counterparty', 'text'),
      col('subject', 'text'),
      col('cluster', 'text'),
      col('category', 'text'),
      col('createdAt', 'datetime'),
      col('approvalHours', 'hours'),
      col('responseHours', 'hours'),
      col('resolutionHours', 'hours'),
      col('responseOnTime', 'text'),
      col('resolutionOnTime', 'text'),
      col('totalKobo', 'money'),
      col('materialsKobo', 'money'),
      col('actualKobo', 'money'),
      col('recalls', 'count'),
      col('unsatisfactory', 'count'),
      col('rating', 'count'),
    ],
    'service-requests': [
      col('code', 'code'),
      col('title', 'text'),
      col('status', 'status', 'srStatus'),
      col('counterparty', 'text'),
      col('subject', 'text'),
      col('cluster', 'text'),
      col('createdAt', 'datetime'),
      col('responseHours', 'hours'),
      col('resolutionHours', 'hours'),
      col('responseOnTime', 'text'),
      col('resolutionOnTime', 'text'),
    ],
  },
  warehouse: {
    items: [
      col('warehouse', 'text'),
      col('name', 'text'),
      col('brand', 'text'),
      col('quantity', 'count'),
      col('reorderLevel', 'count'),
      col('unitPriceKobo', 'money'),
      col('valueKobo', 'money'),
      col('consumed', 'count'),
      col('low', 'text'),
    ],
    movements: [
      col('createdAt', 'datetime'),
      col('warehouse', 'text'),
      col('item', 'text'),
      col('kind', 'status', 'movementKind'),
      col('quantity', 'count'),
      col('workOrder', 'code'),
      col('reference', 'text'),
      col('by', 'text'),
    ],
  },
} as const satisfies Record<ReportId, Record<string, readonly ReportColumn[]>>;

export function reportViews(report: ReportId): string[] {
  return Object.keys(REPORT_VIEWS[report]);
}

export function reportColumns(report: ReportId, view: string): readonly ReportColumn[] | undefined {
  return (REPORT_VIEWS[report] as Record<string, readonly ReportColumn[]>)[view];
}

/** The filters every report takes (docs/product.md#reports; issue 12): a date range, cluster, state, category, and the other party. */
const invalid = (field: string) => formatMessage('VALIDATION.NOT_VALID', { field });
const uuidFilter = (field: string) => z.uuid({ error: invalid(field) }).optional();
const dateFilter = (field: string) => dateField(invalid(field)).optional();

const reportFilterFields = z.object({
  /** First day included (YYYY-MM-DD, Africa/Lagos calendar days are not used: UTC). */
  from: dateFilter('From'),
  /** Last day included. */
  to: dateFilter('To'),
  clusterId: uuidFilter('Cluster'),
  /** A state's alias (as the states list gives it). */
  state: z
    .string({ error: invalid('State') })
    .max(40, invalid('State'))
    .regex(/^[a-z][a-z_-]{1,39}$/, invalid('State'))
    .optional(),
  categoryId: uuidFilter('Category'),
  /** The other party: a provider (for an owner's report), an owner (for a provider's), a supplier (warehouse report). */
  partyId: uuidFilter('Provider'),
  /** Warehouse report only: one warehouse. */
  warehouseId: uuidFilter('Warehouse'),
});
export type ReportFilter = z.infer<typeof reportFilterFields>;
export type ReportFilterKey = keyof ReportFilter;

/**
 * The filters each report reads: the asset and work reports filter by the asset (cluster, state,
 * category) and the other party; the warehouse report by its warehouses (state, one warehouse)
 * and the supplier. The query schemas, the API and the web's filter bar take them from here.
 */
export const REPORT_FILTERS = {
  asset: ['from', 'to', 'clusterId', 'state', 'categoryId', 'partyId'],
  'sr-wo': ['from', 'to', 'clusterId', 'state', 'categoryId', 'partyId'],
  warehouse: ['from', 'to', 'state', 'partyId', 'warehouseId'],
} as const satisfies Record<ReportId, readonly ReportFilterKey[]>;

/** A report's filters as query fields. */
function filterShapeOf(report: ReportId) {
  return reportFilterFields.pick(Object.fromEntries(REPORT_FILTERS[report].map((key) => [key, true])) as Record<ReportFilterKey, true>)
    .shape;
}

const rangeInOrder: [(q: { from?: string; to?: string }) => boolean, { message: string; path: PropertyKey[] }] = [
  (q) => !q.from || !q.to || q.from <= q.to,
  { message: invalid('To'), path: ['to'] },
];

/** The summary's query: the report's filters. */
export function reportFilterQueryOf(report: ReportId) {
  return z.object(filterShapeOf(report)).refine(...rangeInOrder);
}

/** A report's views by name, for its `view` parameter (the first is the default). */
const viewParam = (report: ReportId) =>
  z
    .enum(reportViews(report) as [string, ...string[]], { error: invalid('View') })
    .optional()
    .meta({ description: `One of the report's tables; the default is ${reportViews(report)[0]}.` });

/** A table page of one report: filters plus `view`, paging and sort (a key of the view's columns). */
export function reportRowsQueryOf(report: ReportId) {
  const keys = [...new Set(reportViews(report).flatMap((view) => reportColumns(report, view)!.map((column) => column.key)))];
  return z
    .object({
      view: viewParam(report),
      page: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
      sort: z
        .enum(keys as [string, ...string[]], { error: invalid('Sort') })
        .optional()
        .meta({ description: 'A column key of the chosen view (another view’s column: 400 "Sort is not valid").' }),
      order: z.enum(['asc', 'desc']).default('desc'),
      ...filterShapeOf(report),
    })
    .refine(...rangeInOrder);
}
export type ReportRowsQuery = z.infer<ReturnType<typeof reportRowsQueryOf>>;

export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];

export function reportExportQueryOf(report: ReportId) {
  return z
    .object({
      view: viewParam(report),
      format: z.enum(REPORT_EXPORT_FORMATS, { error: invalid('Format') }).default('csv'),
      ...filterShapeOf(report),
    })
    .refine(...rangeInOrder);
}
export type ReportExportQuery = z.infer<ReturnType<typeof reportExportQueryOf>>;

/** A cell: text, a number (count, kobo, hours, percent), or null for "no data". */
export const reportCellSchema = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);
export const reportRowSchema = z.record(z.string().max(40), reportCellSchema).meta({ id: 'ReportRow' });
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportRowsAnswer = z.object({
  data: z.array(reportRowSchema).max(100),
  meta: pageMetaSchema,
});

/** A headline figure: `reports:figure.<key>`; null is "no data". */
export const reportFigureSchema = z
  .object({
    key: out.text(40),
    value: z.number().nullable(),
    kind: z.enum(REPORT_COLUMN_KINDS),
  })
  .meta({ id: 'ReportFigure' });
export type ReportFigure = z.infer<typeof reportFigureSchema>;

export const REPORT_CHART_TYPES = ['bar', 'line', 'area', 'donut'] as const;

/**
 * A chart: `reports:chart.<key>` is its title, each series `reports:series.<key>`; categories are
 * names as they are, or codes translated through `labels` (statuses, movement kinds, months as YYYY-MM).
 */
export const reportChartSchema = z
  .object({
    key: out.text(40),
    type: z.enum(REPORT_CHART_TYPES),
    kind: z.enum(REPORT_COLUMN_KINDS),
    labels: z.enum(REPORT_LABEL_SETS).optional(),
    categories: z.array(out.text(200)).max(200),
    series: z.array(z.object({ key: out.text(40), data: z.array(z.number().nullable()).max(200) })).max(12),
  })
  .meta({ id: 'ReportChart' });
export type ReportChart = z.infer<typeof reportChartSchema>;

export const reportSummarySchema = z
  .object({
    figures: z.array(reportFigureSchema).max(24),
    charts: z.array(reportChartSchema).max(12),
  })
  .meta({ id: 'ReportSummary' });
export type ReportSummary = z.infer<typeof reportSummarySchema>;

/** `GET /v2/report/{report}/options`: what the filters offer the caller (its clusters, the states and categories in its data, the other parties, its warehouses). */
const option = z.object({ _id: out.id(), name: out.text(200) });
export const reportOptionsSchema = z
  .object({
    clusters: z.array(option).max(2000),
    categories: z.array(option).max(2000),
    /** State aliases that occur in the caller's data. */
    states: z.array(z.object({ alias: out.text(40), name: out.text(100) })).max(40),
    /** Providers (owner's view), owners (provider's view) or suppliers (warehouse report). */
    parties: z.array(option).max(2000),
    warehouses: z.array(option).max(2000),
  })
  .meta({ id: 'ReportOptions' });
export type ReportOptions = z.infer<typeof reportOptionsSchema>;

/**
 * Each column's heading in an exported file (English, as the API's other files; the screen
 * translates `reports:column.<key>` instead). One label per key of every view above.
 */
export const REPORT_COLUMN_LABELS: Record<string, string> = {
  assetID: 'Asset ID',
  name: 'Name',
  status: 'Status',
  category: 'Category',
  cluster: 'Cluster',
  state: 'State',
  faults: 'Faults',
  workOrders: 'Work orders',
  downtimeHours: 'Downtime (hours)',
  mttrHours: 'MTTR (hours)',
  mtbfHours: 'MTBF (hours)',
  warrantyExpiry: 'Warranty expiry',
  code: 'Code',
  title: 'Title',
  counterparty: 'Counterparty',
  subject: 'Asset or cluster',
  createdAt: 'Created',
  approvalHours: 'Approval (hours)',
  responseHours: 'Response (hours)',
  resolutionHours: 'Resolution (hours)',
  responseOnTime: 'Response on time',
  resolutionOnTime: 'Resolution on time',
  totalKobo: 'Approved cost (NGN)',
  materialsKobo: 'Materials issued (NGN)',
  actualKobo: 'Actual cost (NGN)',
  recalls: 'Recalls',
  unsatisfactory: 'Unsatisfactory',
  rating: 'Rating',
  warehouse: 'Warehouse',
  brand: 'Brand',
  quantity: 'Quantity',
  reorderLevel: 'Reorder level',
  unitPriceKobo: 'Unit price (NGN)',
  valueKobo: 'Value (NGN)',
  consumed: 'Consumed',
  low: 'Low stock',
  item: 'Item',
  kind: 'Kind',
  workOrder: 'Work order',
  reference: 'Reference',
  by: 'By',
};

/** Charts of categories (clusters, suppliers, items) keep the largest this many and add the rest as "Other" (`reports:other`). */
export const REPORT_CHART_TOP = 12;
/** The category name that stands for the rest in a top-12 chart (the web translates it as `reports:other`). */
export const REPORT_OTHER = '__other__';
/** The category name of records without one (no cluster, no category, no state; `reports:none`). */
export const REPORT_NONE = '__none__';
