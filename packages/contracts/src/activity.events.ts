import type { EventTexts } from './event-family.js';

const en = {
  'ACTIVITY.legacy': '{text}',
} as const;

/** The activity and notification texts of the activity feed, in English and the five other languages. */
export const ACTIVITY_EVENT_TEXTS = {
  en,
  de: {
    'ACTIVITY.legacy': '{text}',
  },
  es: {
    'ACTIVITY.legacy': '{text}',
  },
  fr: {
    'ACTIVITY.legacy': '{text}',
  },
  ja: {
    'ACTIVITY.legacy': '{text}',
  },
  zh: {
    'ACTIVITY.legacy': '{text}',
  },
} as const satisfies EventTexts<keyof typeof en>;
