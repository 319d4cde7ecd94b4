import { LANGUAGES, type Language } from '@amp/contracts/languages';
import type { MessageKey, MessageParams, Translate } from '@amp/contracts/messages';
import { useMemo, useSyncExternalStore } from 'react';

/**
 * The translator (docs/decisions/0016-portal-page-and-own-translator.md). Texts are flat JSON files, one per
 * feature, under locales/<lang>/ (e.g. locales/fr/users.json); keys are looked up whole, `{name}`
 * placeholders are filled as the API fills them, and a `count` picks the `_one`/`_other` form by
 * the language's plural rules. A key missing in the active language falls back to English, then to
 * the key itself. English for the message catalogue comes straight from packages/contracts, so the
 * API and the web can never disagree on a text (lib/catalogue-english.ts).
 *
 * Loading (docs/decisions/0013-compressed-static-and-cache.md): English is every language's fallback.
 * Its common texts are part of the first script; a public page brings its own English files with its
 * chunk (addEnglish: the landing page, the sign-in pages, the fault portal); the rest of English comes
 * with the signed-in shell (loadAllTranslations). The active language, if not English, is loaded whole
 * before the first render. Each language's files make one chunk (translations/).
 */
export const LANGUAGE_KEY = 'amp.language';
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  ja: '日本語',
  zh: '中文',
};

type Dictionary = Record<string, string>;
/**
 * What a text is filled with; `count` also chooses the plural form (a count already formatted for
 * display, "1,234", chooses by its number), `defaultValue` stands in for a missing key.
 */
export type TextParams = Record<string, unknown> & { count?: number | string; defaultValue?: string };
export type TFunction = (key: string, params?: TextParams) => string;

// The one file translations/en.ts leaves out.
const englishCommon = import.meta.glob<Dictionary>('../locales/en/common.json', { eager: true, import: 'default' });
/** One chunk per language; for English, all but the common texts. */
const LANGUAGE_FILES: Record<Language, () => Promise<{ default: Dictionary }>> = {
  en: () => import('./translations/en'),
  de: () => import('./translations/de'),
  es: () => import('./translations/es'),
  fr: () => import('./translations/fr'),
  ja: () => import('./translations/ja'),
  zh: () => import('./translations/zh'),
};

export function storedLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'en';
}

const english: Dictionary = Object.assign({}, ...Object.values(englishCommon));
let active: Dictionary = english;
let language: Language = 'en';
const plurals = new Map<Language, Intl.PluralRules>();
function pluralForm(lang: Language, count: number | string): string {
  const rules = plurals.get(lang) ?? new Intl.PluralRules(lang);
  plurals.set(lang, rules);
  return rules.select(typeof count === 'number' ? count : Number(count.replace(/[^\d.-]/g, '')));
}

/** The text of a key in one dictionary, in the plural form `count` asks for. */
function lookup(dictionary: Dictionary, lang: Language, key: string, count: number | string | undefined): string | undefined {
  if (count !== undefined) {
    const text = dictionary[`${key}_${pluralForm(lang, count)}`] ?? dictionary[`${key}_other`];
    if (text !== undefined) return text;
  }
  return dictionary[key];
}

function fill(text: string, params: TextParams): string {
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? placeholder : String(value);
  });
}

/** The text of `key` in the active language (English when it has none), its placeholders filled. */
export function translate(key: string, params: TextParams = {}): string {
  const text =
    (active === english ? undefined : lookup(active, language, key, params.count)) ??
    lookup(english, 'en', key, params.count) ??
    params.defaultValue ??
    key;
  return fill(text, params);
}

// Components re-render when texts arrive (loadAllTranslations): the version is their snapshot.
let version = 0;
const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** English texts a public page brings with its chunk (call at the top of the page's module). */
export function addEnglish(...dictionaries: Dictionary[]) {
  for (const dictionary of dictionaries) {
    for (const [key, text] of Object.entries(dictionary)) if (!(key in english)) english[key] = text;
  }
  version++;
  for (const listener of listeners) listener();
}

let allLoaded: Promise<void> | undefined;
/** The rest of English (the signed-in pages' texts): the signed-in shell waits for it once. */
export function loadAllTranslations(): Promise<void> {
  allLoaded ??= LANGUAGE_FILES.en().then((rest) => addEnglish(rest.default));
  return allLoaded;
}

/** Loads the stored language before the first render. */
export async function initI18n() {
  language = storedLanguage();
  if (language !== 'en') active = (await LANGUAGE_FILES[language]()).default;
  document.documentElement.lang = language;
}

/** The active language and the translator, for code outside components. */
export const i18n = {
  get language(): Language {
    return language;
  },
  t: translate,
};

/** The translator for a component, which re-renders when more texts arrive. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const current = useSyncExternalStore(subscribe, () => version);
  // A new function when the texts change, so memoised renderings that use it are redone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the version is the reason for a new function
  const t = useMemo<TFunction>(() => (key, params) => translate(key, params), [current]);
  return { t, i18n };
}

/** docs/product.md#language: the language is kept in local storage and applied by reloading the page. */
export function changeLanguage(next: Language) {
  localStorage.setItem(LANGUAGE_KEY, next);
  window.location.reload();
}

/** The translator handed to the shared zod schemas; field labels are translated too. */
export const translateMessage: Translate = (key: MessageKey, params: MessageParams = {}) => {
  const field = typeof params.field === 'string' ? translate(`field.${params.field}`, { defaultValue: params.field }) : undefined;
  return translate(key, { ...params, ...(field ? { field } : {}) });
};
