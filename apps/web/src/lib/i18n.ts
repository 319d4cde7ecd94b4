import { LANGUAGES, type Language } from '@amp/contracts/languages';
import { MESSAGES, type MessageKey, type MessageParams, type Translate } from '@amp/contracts/messages';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Translations are flat JSON files, one per feature, under locales/<lang>/ (e.g.
 * locales/fr/users.json), merged into one namespace. English for the message catalogue comes
 * straight from packages/contracts, so the API and the web can never disagree on a text.
 *
 * Loading (docs/decisions/0013-compressed-static-and-cache.md): English is every language's fallback.
 * Its common texts are part of the first script; a public page brings its own English files with its
 * chunk (addEnglish: the landing page, the sign-in pages); the rest of English comes with the
 * signed-in shell (loadAllTranslations). The active language, if not English, is loaded whole before
 * the first render. Each language's files make one chunk (translations/).
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

function merge(files: Dictionary[]): Dictionary {
  return Object.assign({}, ...files);
}

export function storedLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'en';
}

async function loadLanguage(language: Language): Promise<Dictionary> {
  return (await LANGUAGE_FILES[language]()).default;
}

let allLoaded: Promise<void> | undefined;
/** English added before i18next is initialised (a page's chunk can arrive while the active language still loads). */
const earlyEnglish: Dictionary[] = [];
let initialised = false;

/** English texts a public page brings with its chunk (call at the top of the page's module). */
export function addEnglish(...dictionaries: Dictionary[]) {
  if (!initialised) earlyEnglish.push(...dictionaries);
  else for (const dictionary of dictionaries) i18n.addResourceBundle('en', 'translation', dictionary, true, false);
}

/** The rest of English (the signed-in pages' texts): the signed-in shell waits for it once. */
export function loadAllTranslations(): Promise<void> {
  allLoaded ??= loadLanguage('en').then((rest) => addEnglish(rest));
  return allLoaded;
}

export async function initI18n() {
  const language = storedLanguage();
  const active = language === 'en' ? undefined : await loadLanguage(language);
  const resources: Record<string, { translation: Dictionary }> = {
    en: { translation: { ...(MESSAGES as Dictionary), ...merge(Object.values(englishCommon)), ...merge(earlyEnglish) } },
    ...(active ? { [language]: { translation: active } } : {}),
  };
  // init() sets up the resource store before it returns; texts added from here on go straight in.
  const ready = i18n.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    keySeparator: false,
    nsSeparator: false,
    // The catalogue uses {name} placeholders, as the API does.
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    returnNull: false,
    // Texts added later (loadAllTranslations) re-render what is already on screen.
    react: { bindI18nStore: 'added' },
  });
  initialised = true;
  await ready;
  document.documentElement.lang = language;
  return i18n;
}

/** SPEC.md section 9: the language is kept in local storage and applied by reloading the page. */
export function changeLanguage(language: Language) {
  localStorage.setItem(LANGUAGE_KEY, language);
  window.location.reload();
}

/** The translator handed to the shared zod schemas; field labels are translated too. */
export const translateMessage: Translate = (key: MessageKey, params: MessageParams = {}) => {
  const field = typeof params.field === 'string' ? i18n.t(`field.${params.field}`, { defaultValue: params.field }) : undefined;
  return i18n.t(key, { ...params, ...(field ? { field } : {}) });
};

export { i18n };
