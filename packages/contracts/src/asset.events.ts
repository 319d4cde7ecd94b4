import type { EventTexts } from './event-family.js';

const en = {
  'ACTIVITY.asset.created': 'Created the asset {name} ({code})',
  'ACTIVITY.asset.updated': 'Updated the asset {name} ({code})',
  'ACTIVITY.asset.decommissioned': 'Decommissioned the asset {name} ({code}){reason}',
  'ACTIVITY.asset.imported': 'Added {count} asset(s) from the file {file}',
  'ACTIVITY.asset.import_updated': 'Updated {count} asset(s) from the file {file}',
  'ACTIVITY.asset.assigned': 'Assigned the asset {name} ({code}) to {provider}',
  'ACTIVITY.asset.unassigned': 'Took back the asset {name} ({code})',
  'ACTIVITY.asset.dispatched': 'Assigned the asset {name} ({code}) to {technician}',
} as const;

/** The activity and notification texts of an asset, in English and the five other languages. */
export const ASSET_EVENT_TEXTS = {
  en,
  de: {
    'ACTIVITY.asset.created': 'Anlage {name} ({code}) angelegt',
    'ACTIVITY.asset.updated': 'Anlage {name} ({code}) aktualisiert',
    'ACTIVITY.asset.decommissioned': 'Anlage {name} ({code}) außer Betrieb genommen{reason}',
    'ACTIVITY.asset.imported': '{count} Anlage(n) aus der Datei {file} hinzugefügt',
    'ACTIVITY.asset.import_updated': '{count} Anlage(n) aus der Datei {file} geändert',
    'ACTIVITY.asset.assigned': 'Anlage {name} ({code}) zugewiesen an {provider}',
    'ACTIVITY.asset.unassigned': 'Anlage {name} ({code}) zurückgenommen',
    'ACTIVITY.asset.dispatched': 'Anlage {name} ({code}) zugewiesen an {technician}',
  },
  es: {
    'ACTIVITY.asset.created': 'Creó el activo {name} ({code})',
    'ACTIVITY.asset.updated': 'Actualizó el activo {name} ({code})',
    'ACTIVITY.asset.decommissioned': 'Dio de baja el activo {name} ({code}){reason}',
    'ACTIVITY.asset.imported': 'Añadió {count} activo(s) desde el archivo {file}',
    'ACTIVITY.asset.import_updated': 'Actualizó {count} activo(s) desde el archivo {file}',
    'ACTIVITY.asset.assigned': 'Asignó el activo {name} ({code}) a {provider}',
    'ACTIVITY.asset.unassigned': 'Retiró el activo {name} ({code})',
    'ACTIVITY.asset.dispatched': 'Asignó el activo {name} ({code}) a {technician}',
  },
  fr: {
    'ACTIVITY.asset.created': 'Actif {name} ({code}) créé',
    'ACTIVITY.asset.updated': 'Actif {name} ({code}) mis à jour',
    'ACTIVITY.asset.decommissioned': 'Actif {name} ({code}) mis hors service{reason}',
    'ACTIVITY.asset.imported': '{count} actif(s) ajouté(s) depuis le fichier {file}',
    'ACTIVITY.asset.import_updated': '{count} actif(s) mis à jour depuis le fichier {file}',
    'ACTIVITY.asset.assigned': 'Actif {name} ({code}) attribué à {provider}',
    'ACTIVITY.asset.unassigned': 'Actif {name} ({code}) repris',
    'ACTIVITY.asset.dispatched': 'Actif {name} ({code}) affecté à {technician}',
  },
  ja: {
    'ACTIVITY.asset.created': '資産「{name}」（{code}）を作成しました',
    'ACTIVITY.asset.updated': '資産「{name}」（{code}）を更新しました',
    'ACTIVITY.asset.decommissioned': '資産「{name}」（{code}）を廃止しました{reason}',
    'ACTIVITY.asset.imported': 'ファイル「{file}」から {count} 件の資産を追加しました',
    'ACTIVITY.asset.import_updated': 'ファイル「{file}」から {count} 件の資産を更新しました',
    'ACTIVITY.asset.assigned': '資産「{name}」（{code}）を {provider} に割り当てました',
    'ACTIVITY.asset.unassigned': '資産「{name}」（{code}）の割り当てを取り消しました',
    'ACTIVITY.asset.dispatched': '資産「{name}」（{code}）を {technician} に割り当てました',
  },
  zh: {
    'ACTIVITY.asset.created': '创建了资产“{name}”（{code}）',
    'ACTIVITY.asset.updated': '更新了资产“{name}”（{code}）',
    'ACTIVITY.asset.decommissioned': '停用了资产“{name}”（{code}）{reason}',
    'ACTIVITY.asset.imported': '从文件“{file}”添加了 {count} 项资产',
    'ACTIVITY.asset.import_updated': '从文件“{file}”更新了 {count} 项资产',
    'ACTIVITY.asset.assigned': '将资产“{name}”（{code}）分配给 {provider}',
    'ACTIVITY.asset.unassigned': '收回了资产“{name}”（{code}）',
    'ACTIVITY.asset.dispatched': '将资产“{name}”（{code}）分配给 {technician}',
  },
} as const satisfies EventTexts<keyof typeof en>;
