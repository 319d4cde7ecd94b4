import type { EventTexts, NotificationAudiences } from './event-family.js';

/** Who hears each notification of a material request: the profile page offers a person only theirs. */
export const MATERIAL_REQUEST_NOTIFICATIONS = {
  'material_request.created': 'organisation',
  'material_request.decided': 'author',
} as const satisfies NotificationAudiences;

const en = {
  'ACTIVITY.material_request.created': 'Requested materials from {warehouse} ({code})',
  'ACTIVITY.material_request.accepted': 'Issued {count} line(s) of material request {code}',
  'ACTIVITY.material_request.rejected': 'Rejected {count} line(s) of material request {code}: {reason}',
  'ACTIVITY.material_request.cancelled': 'Cancelled material request {code}',
  'NOTIFICATION.material_request.created': '{requester} requests {count} item(s) from {warehouse} ({code})',
  'NOTIFICATION.material_request.decided': 'Your material request {code} was {decision} by {manager}',
  // One text per decision (params.subject) so that every language can say it in its own words.
  'NOTIFICATION.material_request.decided.accepted': 'Your material request {code} was accepted by {manager}',
  'NOTIFICATION.material_request.decided.partly_accepted': 'Your material request {code} was partly accepted by {manager}',
  'NOTIFICATION.material_request.decided.rejected': 'Your material request {code} was rejected by {manager}',
  'NOTIFICATION.material_request.decided.accepted_in_part':
    '{manager} accepted some lines of your material request {code}; the others await a decision',
  'NOTIFICATION.material_request.decided.rejected_in_part':
    '{manager} rejected some lines of your material request {code}; the others await a decision',
} as const;

/** The activity and notification texts of a material request, in English and the five other languages. */
export const MATERIAL_REQUEST_EVENT_TEXTS = {
  en,
  de: {
    'ACTIVITY.material_request.created': 'Material beim Lager {warehouse} angefordert ({code})',
    'ACTIVITY.material_request.accepted': '{count} Position(en) der Materialanforderung {code} ausgegeben',
    'ACTIVITY.material_request.rejected': '{count} Position(en) der Materialanforderung {code} abgelehnt: {reason}',
    'ACTIVITY.material_request.cancelled': 'Materialanforderung {code} storniert',
    'NOTIFICATION.material_request.created': '{requester} fordert {count} Artikel aus dem Lager {warehouse} an ({code})',
    'NOTIFICATION.material_request.decided': 'Über Ihre Materialanforderung {code} hat {manager} entschieden: {decision}',
    'NOTIFICATION.material_request.decided.accepted': 'Ihre Materialanforderung {code} wurde von {manager} angenommen',
    'NOTIFICATION.material_request.decided.partly_accepted': 'Ihre Materialanforderung {code} wurde von {manager} teilweise angenommen',
    'NOTIFICATION.material_request.decided.rejected': 'Ihre Materialanforderung {code} wurde von {manager} abgelehnt',
    'NOTIFICATION.material_request.decided.accepted_in_part':
      '{manager} hat einige Positionen Ihrer Materialanforderung {code} angenommen; über die übrigen wird noch entschieden',
    'NOTIFICATION.material_request.decided.rejected_in_part':
      '{manager} hat einige Positionen Ihrer Materialanforderung {code} abgelehnt; über die übrigen wird noch entschieden',
  },
  es: {
    'ACTIVITY.material_request.created': 'Solicitó materiales al almacén {warehouse} ({code})',
    'ACTIVITY.material_request.accepted': 'Entregó {count} línea(s) de la solicitud de material {code}',
    'ACTIVITY.material_request.rejected': 'Rechazó {count} línea(s) de la solicitud de material {code}: {reason}',
    'ACTIVITY.material_request.cancelled': 'Canceló la solicitud de material {code}',
    'NOTIFICATION.material_request.created': '{requester} solicita {count} artículo(s) del almacén {warehouse} ({code})',
    'NOTIFICATION.material_request.decided': '{manager} ha decidido sobre su solicitud de material {code}: {decision}',
    'NOTIFICATION.material_request.decided.accepted': 'Su solicitud de material {code} ha sido aceptada por {manager}',
    'NOTIFICATION.material_request.decided.partly_accepted': 'Su solicitud de material {code} ha sido aceptada parcialmente por {manager}',
    'NOTIFICATION.material_request.decided.rejected': 'Su solicitud de material {code} ha sido rechazada por {manager}',
    'NOTIFICATION.material_request.decided.accepted_in_part':
      '{manager} ha aceptado algunas líneas de su solicitud de material {code}; las demás esperan una decisión',
    'NOTIFICATION.material_request.decided.rejected_in_part':
      '{manager} ha rechazado algunas líneas de su solicitud de material {code}; las demás esperan una decisión',
  },
  fr: {
    'ACTIVITY.material_request.created': 'A demandé du matériel à l’entrepôt {warehouse} ({code})',
    'ACTIVITY.material_request.accepted': 'A délivré {count} ligne(s) de la demande de matériel {code}',
    'ACTIVITY.material_request.rejected': 'A refusé {count} ligne(s) de la demande de matériel {code} : {reason}',
    'ACTIVITY.material_request.cancelled': 'A annulé la demande de matériel {code}',
    'NOTIFICATION.material_request.created': '{requester} demande {count} article(s) à l’entrepôt {warehouse} ({code})',
    'NOTIFICATION.material_request.decided': '{manager} a statué sur votre demande de matériel {code} : {decision}',
    'NOTIFICATION.material_request.decided.accepted': 'Votre demande de matériel {code} a été acceptée par {manager}',
    'NOTIFICATION.material_request.decided.partly_accepted': 'Votre demande de matériel {code} a été partiellement acceptée par {manager}',
    'NOTIFICATION.material_request.decided.rejected': 'Votre demande de matériel {code} a été refusée par {manager}',
    'NOTIFICATION.material_request.decided.accepted_in_part':
      '{manager} a accepté certaines lignes de votre demande de matériel {code} ; les autres attendent une décision',
    'NOTIFICATION.material_request.decided.rejected_in_part':
      '{manager} a refusé certaines lignes de votre demande de matériel {code} ; les autres attendent une décision',
  },
  ja: {
    'ACTIVITY.material_request.created': '倉庫「{warehouse}」に資材を請求しました（{code}）',
    'ACTIVITY.material_request.accepted': '資材請求 {code} の {count} 行を出庫しました',
    'ACTIVITY.material_request.rejected': '資材請求 {code} の {count} 行を却下しました：{reason}',
    'ACTIVITY.material_request.cancelled': '資材請求 {code} をキャンセルしました',
    'NOTIFICATION.material_request.created': '{requester} が倉庫「{warehouse}」に {count} 件の品目を請求しています（{code}）',
    'NOTIFICATION.material_request.decided': '資材請求 {code} について {manager} が判断しました：{decision}',
    'NOTIFICATION.material_request.decided.accepted': '資材請求 {code} が {manager} によって受理されました',
    'NOTIFICATION.material_request.decided.partly_accepted': '資材請求 {code} が {manager} によって一部受理されました',
    'NOTIFICATION.material_request.decided.rejected': '資材請求 {code} が {manager} によって却下されました',
    'NOTIFICATION.material_request.decided.accepted_in_part':
      '{manager} が資材請求 {code} の一部の行を受理しました。残りの行は判断待ちです',
    'NOTIFICATION.material_request.decided.rejected_in_part':
      '{manager} が資材請求 {code} の一部の行を却下しました。残りの行は判断待ちです',
  },
  zh: {
    'ACTIVITY.material_request.created': '向仓库“{warehouse}”申请了物料（{code}）',
    'ACTIVITY.material_request.accepted': '发放了物料申请 {code} 的 {count} 行',
    'ACTIVITY.material_request.rejected': '拒绝了物料申请 {code} 的 {count} 行：{reason}',
    'ACTIVITY.material_request.cancelled': '取消了物料申请 {code}',
    'NOTIFICATION.material_request.created': '{requester} 向仓库“{warehouse}”申请 {count} 个物品（{code}）',
    'NOTIFICATION.material_request.decided': '{manager} 已处理您的物料申请 {code}：{decision}',
    'NOTIFICATION.material_request.decided.accepted': '您的物料申请 {code} 已被 {manager} 接受',
    'NOTIFICATION.material_request.decided.partly_accepted': '您的物料申请 {code} 已被 {manager} 部分接受',
    'NOTIFICATION.material_request.decided.rejected': '您的物料申请 {code} 已被 {manager} 拒绝',
    'NOTIFICATION.material_request.decided.accepted_in_part': '{manager} 接受了您的物料申请 {code} 中的部分行，其余行等待决定',
    'NOTIFICATION.material_request.decided.rejected_in_part': '{manager} 拒绝了您的物料申请 {code} 中的部分行，其余行等待决定',
  },
} as const satisfies EventTexts<keyof typeof en>;
