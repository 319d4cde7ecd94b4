import type { EventTexts } from './event-family.js';

const en = {
  'ACTIVITY.file.uploaded': 'Uploaded the file {name}',
} as const;

/** The activity and notification texts of a file, in English and the five other languages. */
export const FILE_EVENT_TEXTS = {
  en,
  de: {
    'ACTIVITY.file.uploaded': 'Datei {name} hochgeladen',
  },
  es: {
    'ACTIVITY.file.uploaded': 'Subió el archivo {name}',
  },
  fr: {
    'ACTIVITY.file.uploaded': 'Fichier {name} téléversé',
  },
  ja: {
    'ACTIVITY.file.uploaded': 'ファイル「{name}」をアップロードしました',
  },
  zh: {
    'ACTIVITY.file.uploaded': '上传了文件“{name}”',
  },
} as const satisfies EventTexts<keyof typeof en>;
