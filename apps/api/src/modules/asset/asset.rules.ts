import type { MessageKey, MessageParams } from '@amp/contracts/messages';

/**
 * The rules an asset's values must keep, whoever changes them (the single create and edit, and
 * the bulk import): pure functions over the values, so each caller looks up what they need its
 * own way (one query per form, one map per file) and reports a broken rule its own way (a 400 or
 * 409, or an error on a row of the file).
 */

/** The values the rules look at. Dates are ISO (YYYY-MM-DD), so they compare as text. */
export interface AssetFacts {
  status: string;
  categoryId: string;
  subCategoryId: string | null;
  installationDate: string | null;
  warrantyExpiry: string | null;
}

/** A change: an absent (undefined) field stays as it is, null clears it. */
export type AssetChange = { [Field in keyof AssetFacts]?: AssetFacts[Field] | undefined };

/** The parent of a category (null for a top-level one), or undefined for an unknown id. */
export type ParentOf = (categoryId: string) => string | null | undefined;

export interface AssetRuleViolation {
  /** The field of the create and edit forms that breaks the rule. */
  field: keyof AssetFacts;
  key: MessageKey;
  params?: MessageParams;
}

/** The labels of the fields, as the forms show them (the catalogue's {field}). */
const LABELS = {
  category: 'Category',
  subCategory: 'Sub-category',
  installationDate: 'Installation date',
  warrantyExpiry: 'Warranty expiry',
} as const;

/** The value a field has after the change. */
export function changed<T>(change: T | undefined, current: T): T {
  return change === undefined ? current : change;
}

/** A warranty cannot end before the asset was installed. */
export function datesInOrder(installationDate: string | null, warrantyExpiry: string | null): boolean {
  return !installationDate || !warrantyExpiry || warrantyExpiry >= installationDate;
}

/** A decommissioned asset keeps its status; its other fields may still change. */
export function statusChangeAllowed(currentStatus: string, nextStatus: string | null | undefined): boolean {
  return nextStatus === undefined || nextStatus === null || nextStatus === currentStatus || currentStatus !== 'decommissioned';
}

/** An asset's category is a top-level one and its sub-category, if any, one of that category's children. */
export function categoryViolation(categoryId: string, subCategoryId: string | null, parentOf: ParentOf): AssetRuleViolation | undefined {
  if (parentOf(categoryId) !== null) return { field: 'categoryId', key: 'VALIDATION.NOT_VALID', params: { field: LABELS.category } };
  if (subCategoryId === null) return undefined;
  const parent = parentOf(subCategoryId);
  if (parent === undefined) return { field: 'subCategoryId', key: 'VALIDATION.NOT_VALID', params: { field: LABELS.subCategory } };
  if (parent !== categoryId) return { field: 'subCategoryId', key: 'VALIDATION.SUB_CATEGORY_MISMATCH' };
  return undefined;
}

/**
 * The date order after a change: reported on the warranty expiry when the change sets it,
 * otherwise on the installation date that moved past it.
 */
export function dateOrderViolation(change: AssetChange, current: AssetFacts | null): AssetRuleViolation | undefined {
  const installationDate = changed(change.installationDate, current?.installationDate ?? null);
  const warrantyExpiry = changed(change.warrantyExpiry, current?.warrantyExpiry ?? null);
  if (datesInOrder(installationDate, warrantyExpiry)) return undefined;
  return {
    field: change.warrantyExpiry === undefined ? 'installationDate' : 'warrantyExpiry',
    key: 'VALIDATION.DATE_ORDER',
    params: { field: LABELS.warrantyExpiry, other: LABELS.installationDate },
  };
}

/**
 * Every rule a create (`current` null: the change holds the new asset's values) or an edit of
 * `current` breaks, in the order the forms check them: status, category, dates. The category
 * pair is checked when it is set or changed; an edit that leaves both keeps a valid pair.
 */
export function assetRuleViolations(change: AssetChange, current: AssetFacts | null, parentOf: ParentOf): AssetRuleViolation[] {
  const violations: AssetRuleViolation[] = [];
  if (current && !statusChangeAllowed(current.status, change.status)) {
    violations.push({ field: 'status', key: 'ASSET.DECOMMISSIONED_STATUS' });
  }
  if (!current || change.categoryId !== undefined || change.subCategoryId !== undefined) {
    const categoryId = changed(change.categoryId, current?.categoryId);
    const subCategoryId = changed(change.subCategoryId, current?.subCategoryId ?? null);
    const category =
      categoryId === undefined
        ? { field: 'categoryId' as const, key: 'VALIDATION.REQUIRED' as const, params: { field: LABELS.category } }
        : categoryViolation(categoryId, subCategoryId, parentOf);
    if (category) violations.push(category);
  }
  const dates = dateOrderViolation(change, current);
  if (dates) violations.push(dates);
  return violations;
}
