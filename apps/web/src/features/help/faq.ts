/**
 * The frequently asked questions (docs/product.md#help-center: question, answer, category). Texts live in
 * locales/<lang>/help-faq.json under help.faq.<id>.question and .answer.
 */

export const FAQ_CATEGORIES = ['general', 'account', 'faults', 'requests', 'assets', 'supply', 'privacy'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export interface FaqItem {
  id: string;
  category: FaqCategory;
}

export const FAQ_ITEMS: readonly FaqItem[] = [
  { id: 'whatIsAmp', category: 'general' },
  { id: 'whoCanUse', category: 'general' },
  { id: 'mobileApps', category: 'general' },
  { id: 'languages', category: 'general' },
  { id: 'registrationApproval', category: 'account' },
  { id: 'forgotPassword', category: 'account' },
  { id: 'addStaff', category: 'account' },
  { id: 'reportWithoutAccount', category: 'faults' },
  { id: 'trackFault', category: 'faults' },
  { id: 'requestOrWorkOrder', category: 'requests' },
  { id: 'approvalOrder', category: 'requests' },
  { id: 'slaBreached', category: 'requests' },
  { id: 'bulkImport', category: 'assets' },
  { id: 'lostLabel', category: 'assets' },
  { id: 'stockShort', category: 'supply' },
  { id: 'currency', category: 'supply' },
  { id: 'dataStored', category: 'privacy' },
  { id: 'deleteAccount', category: 'privacy' },
];
