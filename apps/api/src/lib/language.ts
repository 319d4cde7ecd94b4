import { LANGUAGES, type Language } from '@amp/contracts/account';

/**
 * The reader's language for texts the API renders (activity feeds, notifications): the first
 * supported language of Accept-Language (the web sends the one chosen in the app), else English.
 */
export function languageOf(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return 'en';
  for (const part of acceptLanguage.split(',')) {
    const tag = part.split(';')[0]!.trim().slice(0, 2).toLowerCase();
    if ((LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
  }
  return 'en';
}
