import { MESSAGES, type MessageKey } from '@amp/contracts/messages';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../lib/api';
import '../lib/catalogue-english';
import { i18n, translateMessage } from '../lib/i18n';

// The API answers with the catalogue's English texts; mapping a text back to its key lets the
// web show it in the user's language. A text with filled-in placeholders ("Flow pump (AS-000001)
// is already assigned…") is matched against its template and translated with the same values.
const keyByEnglish = new Map<string, MessageKey>(Object.entries(MESSAGES).map(([key, text]) => [text, key as MessageKey]));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const templates = Object.entries(MESSAGES)
  .filter(([, text]) => /\{\w+\}/.test(text))
  .map(([key, text]) => {
    const names = [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
    const source = text
      .split(/\{\w+\}/)
      .map(escapeRegExp)
      .join('(.+?)');
    const pattern = new RegExp(`^${source}$`, 's');
    // The template with the most fixed text wins when several match.
    return { key: key as MessageKey, names, pattern, fixed: text.replace(/\{\w+\}/g, '').length };
  })
  .sort((a, b) => b.fixed - a.fixed);

/** A message from the API in the user's language when it is a catalogue text, as sent otherwise. */
export function translateApiText(message: string): string {
  const key = keyByEnglish.get(message);
  if (key) return i18n.t(key);
  for (const template of templates) {
    const match = template.pattern.exec(message);
    if (!match) continue;
    const params = Object.fromEntries(template.names.map((name, index) => [name, match[index + 1] ?? '']));
    return translateMessage(template.key, params);
  }
  return message;
}

/** What to tell the user about a failed call: the API's own message, or a generic one. */
export function apiErrorText(error: unknown, fallback: MessageKey = 'ERROR.GENERIC'): string {
  if (error instanceof ApiError && error.message && error.status !== 500) return translateApiText(error.message);
  return i18n.t(fallback);
}

/**
 * Puts the API's field errors (400 `errors: [{ path, message }]`) next to the matching inputs.
 * Returns false when none of them belongs to a field of the form.
 */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): boolean {
  if (!(error instanceof ApiError) || error.errors.length === 0) return false;
  let applied = false;
  for (const fieldError of error.errors) {
    const field = fields.find((name) => name === fieldError.path);
    if (!field) continue;
    setError(field, { type: 'server', message: translateApiText(fieldError.message) });
    applied = true;
  }
  return applied;
}

/** Failures that are only logged (docs/product.md#notifications-and-activity) (activities, notifications): never shown to the user. */
export function logQuietly(what: string, error: unknown) {
  console.warn(`[amp] ${what} failed`, error instanceof ApiError ? `${error.status} ${error.message}` : error);
}
