import type { ImportError, ImportStatus } from '@amp/contracts/asset-import';
import { i18n, translateMessage } from '../../lib/i18n';
import { translateApiText } from '../api-error';

/** A row count in the reader's language (100,000 / 100.000 / 100 000). */
export function formatCount(value: number): string {
  return new Intl.NumberFormat(i18n.language).format(value);
}

/** An import error in the reader's language: from its catalogue key when the API gave one. */
export function importErrorText(error: ImportError): string {
  return error.key ? translateMessage(error.key, error.params) : translateApiText(error.message);
}

export const IMPORT_STATUS_COLORS: Record<ImportStatus, string> = {
  queued: 'gray',
  reading: 'blue',
  validating: 'blue',
  writing: 'blue',
  succeeded: 'teal',
  failed: 'red',
};
