/**
 * The rollup tables a migration backfills with a top-level INSERT ... SELECT from the rows: that
 * backfill is their definition, so the tests' drift check (test/rollups.ts) and the benchmark's
 * rebuild after a bulk load (bench/insight.bench.ts) both rebuild them with it.
 */
export const BACKFILLED_ROLLUPS = [
  'asset_report_stats',
  'dashboard_counts',
  'report_approval_levels',
  'report_work_months',
  'report_work_party_spend',
  'report_work_subject_spend',
  'score_card_sums',
  'stock_movement_months',
  'stock_item_consumption',
  'stock_work_order_consumption',
] as const;
