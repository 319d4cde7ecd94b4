// Every text of one language, as one chunk loaded when it is the active language (lib/i18n.ts).
export default Object.assign(
  {},
  ...Object.values(import.meta.glob<Record<string, string>>('../../locales/ja/*.json', { eager: true, import: 'default' })),
);
