import { LANGUAGES, type Language } from '@amp/contracts/account';
import { MESSAGES, type MessageKey, type MessageParams, type Translate } from '@amp/contracts/messages';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Translations are flat JSON files, one per feature, under locales/<lang>/ (e.g.
 * locales/fr/users.json), merged into one namespace. English for the message catalogue comes
 * straight from packages/contracts, so the API and the web can never disagree on a text.
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
const english = import.meta.glob<Dictionary>('../locales/en/*.json', { eager: true, import: 'default' });
const others = import.meta.glob<Dictionary>(['../locales/*/*.json', '!../locales/en/*.json'], { import: 'default' });

function merge(files: Dictionary[]): Dictionary {
  return Object.assign({}, ...files);
}

export function storedLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'en';
}

async function loadLanguage(language: Language): Promise<Dictionary> {
  const loaders = Object.entries(others).filter(([path]) => path.startsWith(`../locales/${language}/`));
  return merge(await Promise.all(loaders.map(([, load]) => load())));
}

export async function initI18n() {
  const language = storedLanguage();
  const resources: Record<string, { translation: Dictionary }> = {
    en: { translation: { ...(MESSAGES as Dictionary), ...merge(Object.values(english)) } },
  };
  if (language !== 'en') resources[language] = { translation: await loadLanguage(language) };
  await i18n.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    keySeparator: false,
    nsSeparator: false,
    // The catalogue uses {name} placeholders, as the API does.
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    returnNull: false,
  });
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
