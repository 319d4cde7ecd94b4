import { notifications } from '@mantine/notifications';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api';
import { i18n } from '../../lib/i18n';
import { apiErrorText, translateApiText } from '../api-error';

/**
 * Puts the API's field messages (docs/api-contract.md: `errors: [{ path, message }]`) next to the
 * form's fields. A message whose path is not on the form, or an error without field messages
 * (403, 409, 500, network), is shown as a notification instead, so nothing is lost silently.
 *
 * `mapPath` turns an API path into the form's field name when the two differ
 * (e.g. `subCategories.0` is `subCategories.0.name` in a field array); return undefined to skip.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  mapPath: (path: string) => string | undefined = (path) => path,
): void {
  const leftOver: string[] = [];
  if (error instanceof ApiError && error.errors.length > 0) {
    let focused = false;
    for (const fieldError of error.errors) {
      const name = mapPath(fieldError.path);
      const root = name?.split('.')[0];
      if (name && root && fields.includes(root)) {
        setError(name as Path<T>, { type: 'server', message: translateApiText(fieldError.message) }, { shouldFocus: !focused });
        focused = true;
      } else leftOver.push(translateApiText(fieldError.message));
    }
    if (leftOver.length === 0) return;
  }
  notifyError(error, leftOver);
}

/** A failed action as a red notification: the API's message (in the reader's language when it is a catalogue text), or the generic one. */
export function notifyError(error: unknown, details: string[] = []): void {
  const message = apiErrorText(error);
  notifications.show({
    color: 'red',
    title: i18n.t('data.actionFailed'),
    message: [message, ...details.filter((detail) => detail !== message)].join(' '),
  });
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message });
}
