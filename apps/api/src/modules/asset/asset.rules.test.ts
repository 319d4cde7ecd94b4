import { describe, expect, it } from 'vitest';
import {
  type AssetFacts,
  assetRuleViolations,
  categoryViolation,
  changed,
  dateOrderViolation,
  datesInOrder,
  statusChangeAllowed,
} from './asset.rules.js';

// A category tree: Power > Generator, Solar; Water > Pump.
const PARENTS = new Map<string, string | null>([
  ['power', null],
  ['generator', 'power'],
  ['solar', 'power'],
  ['water', null],
  ['pump', 'water'],
]);
const parentOf = (id: string) => PARENTS.get(id);

const DATE_ORDER = { key: 'VALIDATION.DATE_ORDER', params: { field: 'Warranty expiry', other: 'Installation date' } };

const asset: AssetFacts = {
  status: 'active',
  categoryId: 'power',
  subCategoryId: 'generator',
  installationDate: '2024-06-01',
  warrantyExpiry: '2026-06-01',
};

describe('asset rules', () => {
  it('keeps the warranty from ending before the installation (same day allowed, either date may be missing)', () => {
    expect(datesInOrder('2024-05-01', '2024-04-30')).toBe(false);
    expect(datesInOrder('2024-05-01', '2024-05-01')).toBe(true);
    expect(datesInOrder('2024-05-01', null)).toBe(true);
    expect(datesInOrder(null, '2024-04-30')).toBe(true);
    // As text, which is also date order for ISO dates.
    expect(datesInOrder('2024-12-31', '2025-01-01')).toBe(true);
  });

  it('keeps the status of a decommissioned asset, and only that', () => {
    expect(statusChangeAllowed('decommissioned', 'active')).toBe(false);
    expect(statusChangeAllowed('decommissioned', 'decommissioned')).toBe(true);
    expect(statusChangeAllowed('decommissioned', undefined)).toBe(true);
    expect(statusChangeAllowed('decommissioned', null)).toBe(true);
    expect(statusChangeAllowed('faulty', 'active')).toBe(true);
  });

  it('wants a top-level category and one of its own sub-categories', () => {
    expect(categoryViolation('power', 'generator', parentOf)).toBeUndefined();
    expect(categoryViolation('power', null, parentOf)).toBeUndefined();
    expect(categoryViolation('generator', null, parentOf)).toEqual({
      field: 'categoryId',
      key: 'VALIDATION.NOT_VALID',
      params: { field: 'Category' },
    });
    expect(categoryViolation('unknown', null, parentOf)).toMatchObject({ field: 'categoryId', key: 'VALIDATION.NOT_VALID' });
    expect(categoryViolation('power', 'unknown', parentOf)).toEqual({
      field: 'subCategoryId',
      key: 'VALIDATION.NOT_VALID',
      params: { field: 'Sub-category' },
    });
    expect(categoryViolation('water', 'generator', parentOf)).toEqual({ field: 'subCategoryId', key: 'VALIDATION.SUB_CATEGORY_MISMATCH' });
  });

  it('reads an edit against the current values: absent keeps, null clears', () => {
    expect(changed(undefined, 'kept')).toBe('kept');
    expect(changed(null, 'kept')).toBeNull();
    expect(changed('new', 'kept')).toBe('new');
  });

  it('reports the date order on the date the change sets', () => {
    expect(dateOrderViolation({ installationDate: '2024-05-01', warrantyExpiry: '2024-04-30' }, null)).toEqual({
      field: 'warrantyExpiry',
      ...DATE_ORDER,
    });
    expect(dateOrderViolation({ warrantyExpiry: '2024-05-31' }, asset)).toEqual({ field: 'warrantyExpiry', ...DATE_ORDER });
    // Moving the installation past the stored warranty: the installation date is at fault.
    expect(dateOrderViolation({ installationDate: '2027-01-01' }, asset)).toEqual({ field: 'installationDate', ...DATE_ORDER });
    // Clearing the warranty makes any installation date fine.
    expect(dateOrderViolation({ installationDate: '2027-01-01', warrantyExpiry: null }, asset)).toBeUndefined();
    expect(dateOrderViolation({ installationDate: '2027-01-01' }, null)).toBeUndefined();
  });

  it('checks a new asset: category required and valid, dates in order', () => {
    expect(assetRuleViolations({ status: 'active', categoryId: 'water', subCategoryId: 'pump' }, null, parentOf)).toEqual([]);
    expect(assetRuleViolations({ status: 'active' }, null, parentOf)).toEqual([
      { field: 'categoryId', key: 'VALIDATION.REQUIRED', params: { field: 'Category' } },
    ]);
    expect(
      assetRuleViolations(
        { categoryId: 'water', subCategoryId: 'solar', installationDate: '2024-05-01', warrantyExpiry: '2024-01-01' },
        null,
        parentOf,
      ),
    ).toEqual([
      { field: 'subCategoryId', key: 'VALIDATION.SUB_CATEGORY_MISMATCH' },
      { field: 'warrantyExpiry', ...DATE_ORDER },
    ]);
    // A new asset may start decommissioned: there is no status to keep.
    expect(assetRuleViolations({ status: 'decommissioned', categoryId: 'power' }, null, parentOf)).toEqual([]);
  });

  it('checks an edit against the stored asset, as the single edit and the bulk update both do', () => {
    expect(assetRuleViolations({}, asset, parentOf)).toEqual([]);
    expect(assetRuleViolations({ status: 'faulty' }, { ...asset, status: 'decommissioned' }, parentOf)).toEqual([
      { field: 'status', key: 'ASSET.DECOMMISSIONED_STATUS' },
    ]);
    // A decommissioned asset's other fields still change.
    expect(
      assetRuleViolations({ status: 'decommissioned', categoryId: 'power' }, { ...asset, status: 'decommissioned' }, parentOf),
    ).toEqual([]);
    // A new category keeps the stored sub-category only if it belongs to it.
    expect(assetRuleViolations({ categoryId: 'water' }, asset, parentOf)).toEqual([
      { field: 'subCategoryId', key: 'VALIDATION.SUB_CATEGORY_MISMATCH' },
    ]);
    expect(assetRuleViolations({ categoryId: 'water', subCategoryId: 'pump' }, asset, parentOf)).toEqual([]);
    expect(assetRuleViolations({ categoryId: 'water', subCategoryId: null }, asset, parentOf)).toEqual([]);
    // A new sub-category must belong to the stored category.
    expect(assetRuleViolations({ subCategoryId: 'solar' }, asset, parentOf)).toEqual([]);
    expect(assetRuleViolations({ subCategoryId: 'pump' }, asset, parentOf)).toEqual([
      { field: 'subCategoryId', key: 'VALIDATION.SUB_CATEGORY_MISMATCH' },
    ]);
    // Several rules at once, in the forms' order.
    expect(
      assetRuleViolations(
        { status: 'active', subCategoryId: 'pump', installationDate: '2030-01-01' },
        { ...asset, status: 'decommissioned' },
        parentOf,
      ),
    ).toEqual([
      { field: 'status', key: 'ASSET.DECOMMISSIONED_STATUS' },
      { field: 'subCategoryId', key: 'VALIDATION.SUB_CATEGORY_MISMATCH' },
      { field: 'installationDate', ...DATE_ORDER },
    ]);
  });
});
