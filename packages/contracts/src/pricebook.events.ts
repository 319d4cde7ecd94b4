import type { EventTexts } from './event-family.js';

const en = {
  'ACTIVITY.pricebook.item_added': 'Added {name} to the pricebook at NGN {price}',
  'ACTIVITY.pricebook.item_changed': 'Changed {name} in the pricebook (NGN {price})',
  'ACTIVITY.pricebook.item_retired': 'Retired {name} from the pricebook',
  'ACTIVITY.pricebook.item_restored': 'Offered {name} in the pricebook again',
  'ACTIVITY.pricebook.imported': '{count} pricebook item(s) added or changed from the file {file}',
} as const;

/** The activity and notification texts of a pricebook, in English and the five other languages. */
export const PRICEBOOK_EVENT_TEXTS = {
  en,
  de: {
    'ACTIVITY.pricebook.item_added': '{name} zum Preisbuch hinzugefügt (NGN {price})',
    'ACTIVITY.pricebook.item_changed': '{name} im Preisbuch geändert (NGN {price})',
    'ACTIVITY.pricebook.item_retired': '{name} aus dem Preisbuch genommen',
    'ACTIVITY.pricebook.item_restored': '{name} im Preisbuch wieder angeboten',
    'ACTIVITY.pricebook.imported': 'Preisbuch aus der Datei {file} aktualisiert (hinzugefügte oder geänderte Einträge: {count})',
  },
  es: {
    'ACTIVITY.pricebook.item_added': 'Añadió {name} a la lista de precios por NGN {price}',
    'ACTIVITY.pricebook.item_changed': 'Modificó {name} en la lista de precios (NGN {price})',
    'ACTIVITY.pricebook.item_retired': 'Retiró {name} de la lista de precios',
    'ACTIVITY.pricebook.item_restored': 'Volvió a ofrecer {name} en la lista de precios',
    'ACTIVITY.pricebook.imported': 'Añadió o modificó {count} artículo(s) de la lista de precios desde el archivo {file}',
  },
  fr: {
    'ACTIVITY.pricebook.item_added': 'A ajouté {name} au barème à NGN {price}',
    'ACTIVITY.pricebook.item_changed': 'A modifié {name} dans le barème (NGN {price})',
    'ACTIVITY.pricebook.item_retired': 'A retiré {name} du barème',
    'ACTIVITY.pricebook.item_restored': 'A proposé de nouveau {name} dans le barème',
    'ACTIVITY.pricebook.imported': 'A ajouté ou modifié {count} article(s) du barème depuis le fichier {file}',
  },
  ja: {
    'ACTIVITY.pricebook.item_added': '価格表に {name} を追加しました（NGN {price}）',
    'ACTIVITY.pricebook.item_changed': '価格表の {name} を変更しました（NGN {price}）',
    'ACTIVITY.pricebook.item_retired': '価格表の {name} を提供終了にしました',
    'ACTIVITY.pricebook.item_restored': '価格表の {name} の提供を再開しました',
    'ACTIVITY.pricebook.imported': 'ファイル「{file}」から価格表の品目 {count} 件を追加または変更しました',
  },
  zh: {
    'ACTIVITY.pricebook.item_added': '在价目表中添加了 {name}（NGN {price}）',
    'ACTIVITY.pricebook.item_changed': '修改了价目表中的 {name}（NGN {price}）',
    'ACTIVITY.pricebook.item_retired': '从价目表中停用了 {name}',
    'ACTIVITY.pricebook.item_restored': '在价目表中重新提供 {name}',
    'ACTIVITY.pricebook.imported': '从文件“{file}”添加或修改了 {count} 个价目表项目',
  },
} as const satisfies EventTexts<keyof typeof en>;
