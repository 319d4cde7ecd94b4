import type { EventTexts, NotificationAudiences } from './event-family.js';

/** Who hears each notification of an asset or pricebook import: the profile page offers a person only theirs. */
export const ASSET_IMPORT_NOTIFICATIONS = {
  'import.succeeded': 'author',
  'import.failed': 'author',
} as const satisfies NotificationAudiences;

const en = {
  'NOTIFICATION.import.succeeded': 'The import of {file} finished: {count} asset(s) written',
  'NOTIFICATION.import.failed': 'The import of {file} failed: {reason}',
  'NOTIFICATION.import.succeeded.pricebook': 'The import of {file} finished: {count} pricebook item(s) added or changed',
  'NOTIFICATION.import.succeeded.inventory': 'The import of {file} finished: {count} item(s) of {warehouse} added or changed',
} as const;

/** The activity and notification texts of an asset or pricebook import, in English and the five other languages. */
export const ASSET_IMPORT_EVENT_TEXTS = {
  en,
  de: {
    'NOTIFICATION.import.succeeded': 'Der Import von {file} ist abgeschlossen: {count} Anlage(n) gespeichert',
    'NOTIFICATION.import.failed': 'Der Import von {file} ist fehlgeschlagen: {reason}',
    'NOTIFICATION.import.succeeded.pricebook':
      'Der Import von {file} ist abgeschlossen (hinzugefügte oder geänderte Preisbucheinträge: {count})',
    'NOTIFICATION.import.succeeded.inventory':
      'Der Import von {file} ist abgeschlossen (hinzugefügte oder geänderte Artikel im Lager {warehouse}: {count})',
  },
  es: {
    'NOTIFICATION.import.succeeded': 'La importación de {file} ha finalizado: {count} activo(s) guardado(s)',
    'NOTIFICATION.import.failed': 'La importación de {file} ha fallado: {reason}',
    'NOTIFICATION.import.succeeded.pricebook':
      'La importación de {file} ha finalizado: {count} artículo(s) de la lista de precios añadido(s) o modificado(s)',
    'NOTIFICATION.import.succeeded.inventory':
      'La importación de {file} ha finalizado: {count} artículo(s) del almacén {warehouse} añadido(s) o modificado(s)',
  },
  fr: {
    'NOTIFICATION.import.succeeded': 'L’import de {file} est terminé : {count} actif(s) enregistré(s)',
    'NOTIFICATION.import.failed': 'L’import de {file} a échoué : {reason}',
    'NOTIFICATION.import.succeeded.pricebook': 'L’import de {file} est terminé : {count} article(s) du barème ajouté(s) ou modifié(s)',
    'NOTIFICATION.import.succeeded.inventory':
      'L’import de {file} est terminé : {count} article(s) de l’entrepôt {warehouse} ajouté(s) ou modifié(s)',
  },
  ja: {
    'NOTIFICATION.import.succeeded': '{file} のインポートが完了しました（資産 {count} 件を保存）',
    'NOTIFICATION.import.failed': '{file} のインポートに失敗しました：{reason}',
    'NOTIFICATION.import.succeeded.pricebook': '{file} のインポートが完了しました（価格表の品目 {count} 件を追加または変更）',
    'NOTIFICATION.import.succeeded.inventory': '{file} のインポートが完了しました（倉庫「{warehouse}」の品目 {count} 件を追加または変更）',
  },
  zh: {
    'NOTIFICATION.import.succeeded': '{file} 导入完成：已保存 {count} 项资产',
    'NOTIFICATION.import.failed': '{file} 导入失败：{reason}',
    'NOTIFICATION.import.succeeded.pricebook': '{file} 导入完成：已添加或修改 {count} 个价目表项目',
    'NOTIFICATION.import.succeeded.inventory': '{file} 导入完成：已添加或修改仓库“{warehouse}”中的 {count} 个物品',
  },
} as const satisfies EventTexts<keyof typeof en>;
