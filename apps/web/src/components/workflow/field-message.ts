import { ApiError } from '../../lib/api';
import { translateApiText } from '../api-error';

/**
 * The first field message of a 400, in the reader's language: a dialog keeps it next to its field.
 * Null for any other failure (a 409 when someone acted first, a 403, a 500), which is told instead.
 */
export function fieldMessage(error: unknown): string | null {
  if (error instanceof ApiError && error.status === 400 && error.errors.length > 0) {
    return translateApiText(error.errors[0]?.message ?? error.message);
  }
  return null;
}
