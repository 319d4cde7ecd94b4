import type { EventTexts } from './event-family.js';

const en = {
  'ACTIVITY.category.created': 'Created the category {name}',
  'ACTIVITY.category.sub_category_created': 'Added the sub-category {name} to {parent}',
} as const;

/** The activity and notification texts of a category, in English and the five other languages. */
export const CATEGORY_EVENT_TEXTS = {
  en,
  de: {
    'ACTIVITY.category.created': 'Kategorie {name} angelegt',
    'ACTIVITY.category.sub_category_created': 'Unterkategorie {name} zu {parent} hinzugefügt',
  },
  es: {
    'ACTIVITY.category.created': 'Creó la categoría {name}',
    'ACTIVITY.category.sub_category_created': 'Añadió la subcategoría {name} a {parent}',
  },
  fr: {
    'ACTIVITY.category.created': 'Catégorie {name} créée',
    'ACTIVITY.category.sub_category_created': 'Sous-catégorie {name} ajoutée à {parent}',
  },
  ja: {
    'ACTIVITY.category.created': 'カテゴリ「{name}」を作成しました',
    'ACTIVITY.category.sub_category_created': 'カテゴリ「{parent}」にサブカテゴリ「{name}」を追加しました',
  },
  zh: {
    'ACTIVITY.category.created': '创建了类别“{name}”',
    'ACTIVITY.category.sub_category_created': '向类别“{parent}”添加了子类别“{name}”',
  },
} as const satisfies EventTexts<keyof typeof en>;
