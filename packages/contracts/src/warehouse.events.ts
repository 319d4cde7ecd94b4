import type { EventTexts, NotificationAudiences } from './event-family.js';

/** Who hears each notification of a warehouse and its stock: the profile page offers a person only theirs. */
export const WAREHOUSE_NOTIFICATIONS = {
  // Supply: a warehouse's managers, the requester of a material request, each side of a purchase order.
  'stock.low': 'organisation',
} as const satisfies NotificationAudiences;

const en = {
  'ACTIVITY.warehouse.created': 'Created the warehouse {name}',
  'ACTIVITY.warehouse.updated': 'Updated the warehouse {name}',
  'ACTIVITY.inventory.item_added': 'Added {item} to the warehouse {warehouse}',
  'ACTIVITY.inventory.item_changed': 'Updated {item} in the warehouse {warehouse}',
  'ACTIVITY.inventory.imported': 'Imported {count} item(s) into the warehouse {warehouse} from the file {file}',
  'ACTIVITY.stock.received': 'Put {quantity} of {item} into stock in {warehouse}: {reason}',
  'ACTIVITY.stock.issued': 'Took {quantity} of {item} out of stock in {warehouse}: {reason}',
  'ACTIVITY.stock.transferred': 'Transferred {quantity} of {item} from {warehouse} to {to}: {reason}',
  'ACTIVITY.stock.counted': 'Counted {item} in {warehouse}: {counted} on the shelf ({difference}): {reason}',
  'ACTIVITY.stock.reversed': 'Reversed a movement of {quantity} of {item} in {warehouse}: {reason}',
  'NOTIFICATION.stock.low': '{item} in {warehouse} is low: {quantity} left (reorder level {level})',
} as const;

/** The activity and notification texts of a warehouse and its stock, in English and the five other languages. */
export const WAREHOUSE_EVENT_TEXTS = {
  en,
  de: {
    'ACTIVITY.warehouse.created': 'Lager {name} angelegt',
    'ACTIVITY.warehouse.updated': 'Lager {name} aktualisiert',
    'ACTIVITY.inventory.item_added': '{item} zum Lager {warehouse} hinzugefügt',
    'ACTIVITY.inventory.item_changed': '{item} im Lager {warehouse} aktualisiert',
    'ACTIVITY.inventory.imported': '{count} Artikel aus der Datei {file} in das Lager {warehouse} importiert',
    'ACTIVITY.stock.received': '{quantity} Einheit(en) von {item} im Lager {warehouse} eingelagert: {reason}',
    'ACTIVITY.stock.issued': '{quantity} Einheit(en) von {item} aus dem Lager {warehouse} entnommen: {reason}',
    'ACTIVITY.stock.transferred': '{quantity} Einheit(en) von {item} vom Lager {warehouse} in das Lager {to} umgelagert: {reason}',
    'ACTIVITY.stock.counted': 'Bestand von {item} im Lager {warehouse} gezählt: {counted} vorhanden ({difference}): {reason}',
    'ACTIVITY.stock.reversed': 'Lagerbewegung über {quantity} Einheit(en) von {item} im Lager {warehouse} storniert: {reason}',
    'NOTIFICATION.stock.low': 'Der Bestand von {item} im Lager {warehouse} ist niedrig: noch {quantity} (Meldebestand {level})',
  },
  es: {
    'ACTIVITY.warehouse.created': 'Creó el almacén {name}',
    'ACTIVITY.warehouse.updated': 'Actualizó el almacén {name}',
    'ACTIVITY.inventory.item_added': 'Añadió {item} al almacén {warehouse}',
    'ACTIVITY.inventory.item_changed': 'Actualizó {item} en el almacén {warehouse}',
    'ACTIVITY.inventory.imported': 'Importó {count} artículo(s) al almacén {warehouse} desde el archivo {file}',
    'ACTIVITY.stock.received': 'Dio entrada a {quantity} unidad(es) de {item} en el almacén {warehouse}: {reason}',
    'ACTIVITY.stock.issued': 'Dio salida a {quantity} unidad(es) de {item} del almacén {warehouse}: {reason}',
    'ACTIVITY.stock.transferred': 'Transfirió {quantity} unidad(es) de {item} del almacén {warehouse} al almacén {to}: {reason}',
    'ACTIVITY.stock.counted': 'Hizo el recuento de {item} en el almacén {warehouse}: {counted} disponibles ({difference}): {reason}',
    'ACTIVITY.stock.reversed': 'Revirtió un movimiento de {quantity} unidad(es) de {item} en el almacén {warehouse}: {reason}',
    'NOTIFICATION.stock.low': 'Las existencias de {item} en el almacén {warehouse} son bajas: quedan {quantity} (punto de pedido {level})',
  },
  fr: {
    'ACTIVITY.warehouse.created': 'A créé l’entrepôt {name}',
    'ACTIVITY.warehouse.updated': 'A mis à jour l’entrepôt {name}',
    'ACTIVITY.inventory.item_added': 'A ajouté {item} à l’entrepôt {warehouse}',
    'ACTIVITY.inventory.item_changed': 'A mis à jour {item} dans l’entrepôt {warehouse}',
    'ACTIVITY.inventory.imported': 'A importé {count} article(s) dans l’entrepôt {warehouse} depuis le fichier {file}',
    'ACTIVITY.stock.received': 'A mis en stock {quantity} unité(s) de {item} dans l’entrepôt {warehouse} : {reason}',
    'ACTIVITY.stock.issued': 'A sorti du stock {quantity} unité(s) de {item} de l’entrepôt {warehouse} : {reason}',
    'ACTIVITY.stock.transferred': 'A transféré {quantity} unité(s) de {item} de l’entrepôt {warehouse} vers l’entrepôt {to} : {reason}',
    'ACTIVITY.stock.counted': 'A compté {item} dans l’entrepôt {warehouse} : {counted} en rayon ({difference}) : {reason}',
    'ACTIVITY.stock.reversed': 'A annulé un mouvement de {quantity} unité(s) de {item} dans l’entrepôt {warehouse} : {reason}',
    'NOTIFICATION.stock.low':
      'Le stock de {item} dans l’entrepôt {warehouse} est bas : il en reste {quantity} (seuil de réapprovisionnement {level})',
  },
  ja: {
    'ACTIVITY.warehouse.created': '倉庫「{name}」を作成しました',
    'ACTIVITY.warehouse.updated': '倉庫「{name}」を更新しました',
    'ACTIVITY.inventory.item_added': '倉庫「{warehouse}」に {item} を追加しました',
    'ACTIVITY.inventory.item_changed': '倉庫「{warehouse}」の {item} を更新しました',
    'ACTIVITY.inventory.imported': 'ファイル「{file}」から倉庫「{warehouse}」に {count} 件の品目をインポートしました',
    'ACTIVITY.stock.received': '倉庫「{warehouse}」に {item}（数量 {quantity}）を入庫しました：{reason}',
    'ACTIVITY.stock.issued': '倉庫「{warehouse}」から {item}（数量 {quantity}）を出庫しました：{reason}',
    'ACTIVITY.stock.transferred': '{item}（数量 {quantity}）を倉庫「{warehouse}」から倉庫「{to}」へ移動しました：{reason}',
    'ACTIVITY.stock.counted': '倉庫「{warehouse}」の {item} を棚卸ししました：実在庫 {counted}（{difference}）：{reason}',
    'ACTIVITY.stock.reversed': '倉庫「{warehouse}」の {item}（数量 {quantity}）の在庫移動を取り消しました：{reason}',
    'NOTIFICATION.stock.low': '倉庫「{warehouse}」の {item} の在庫が少なくなっています：残り {quantity}（発注点 {level}）',
  },
  zh: {
    'ACTIVITY.warehouse.created': '创建了仓库“{name}”',
    'ACTIVITY.warehouse.updated': '更新了仓库“{name}”',
    'ACTIVITY.inventory.item_added': '向仓库“{warehouse}”添加了 {item}',
    'ACTIVITY.inventory.item_changed': '更新了仓库“{warehouse}”中的 {item}',
    'ACTIVITY.inventory.imported': '从文件“{file}”向仓库“{warehouse}”导入了 {count} 个物品',
    'ACTIVITY.stock.received': '将 {item} 入库到仓库“{warehouse}”，数量 {quantity}：{reason}',
    'ACTIVITY.stock.issued': '从仓库“{warehouse}”出库 {item}，数量 {quantity}：{reason}',
    'ACTIVITY.stock.transferred': '将 {item} 从仓库“{warehouse}”调拨到仓库“{to}”，数量 {quantity}：{reason}',
    'ACTIVITY.stock.counted': '盘点了仓库“{warehouse}”中的 {item}：实盘 {counted}（{difference}）：{reason}',
    'ACTIVITY.stock.reversed': '冲销了仓库“{warehouse}”中 {item} 的一笔库存变动（数量 {quantity}）：{reason}',
    'NOTIFICATION.stock.low': '仓库“{warehouse}”中的 {item} 库存不足：剩余 {quantity}（再订货点 {level}）',
  },
} as const satisfies EventTexts<keyof typeof en>;
