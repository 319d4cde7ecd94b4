// English except the common texts, which lib/i18n.ts bundles into the first script: loaded with the
// signed-in shell (the public pages bring their own files, lib/i18n.ts addEnglish; the help centre's
// and the status page's, used by nothing signed in, are left out). The message catalogue's English
// comes last, so its texts win over a feature file's, as they do everywhere (lib/catalogue-english.ts).
import { MESSAGES } from '@amp/contracts/messages';

export default Object.assign(
  {},
  ...Object.values(
    import.meta.glob<Record<string, string>>(
      ['../../locales/en/*.json', '!../../locales/en/common.json', '!../../locales/en/help*.json', '!../../locales/en/status.json'],
      {
        eager: true,
        import: 'default',
      },
    ),
  ),
  MESSAGES,
);
