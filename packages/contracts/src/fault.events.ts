import type { EventTexts, NotificationAudiences } from './event-family.js';

/** Who hears each notification of a fault: the profile page offers a person only theirs. */
export const FAULT_NOTIFICATIONS = {
  // A provider's managers hear of their technicians' reports; the owner's fault managers of reports
  // waiting for them; the reporter of a return, a rejection or an approval.
  'fault.awaiting_provider': 'organisation',
  'fault.awaiting_owner': 'organisation',
  'fault.returned': 'author',
  'fault.rejected': 'author',
  'fault.approved': 'author',
} as const satisfies NotificationAudiences;

const en = {
  'ACTIVITY.fault.reported': 'Reported the fault {code} ({faultType}) on {asset}',
  'ACTIVITY.fault.plus_one': 'Reported the fault {code} on {asset} again ({reporters} reports)',
  'ACTIVITY.fault.approved': 'Sent the fault {code} on {asset} to the asset owner',
  'ACTIVITY.fault.returned': 'Returned the fault {code} on {asset}: {reason}',
  'ACTIVITY.fault.resubmitted': 'Corrected and sent again the fault {code} on {asset}',
  'ACTIVITY.fault.rejected': 'Rejected the fault {code} on {asset}: {reason}',
  'ACTIVITY.fault.converted': 'Took up the fault {code} on {asset}',
  'ACTIVITY.fault.work_accepted': 'The work on the fault {code} on {asset} was accepted',
  'ACTIVITY.fault.work_started': 'The work on the fault {code} on {asset} started',
  'ACTIVITY.fault.work_done': 'The work on the fault {code} on {asset} was done',
  'NOTIFICATION.fault.awaiting_provider': 'A fault on {asset} ({code}) reported by your technician awaits your approval',
  'NOTIFICATION.fault.awaiting_owner': 'A fault on {asset} ({code}) awaits your decision',
  'NOTIFICATION.fault.returned': 'Your fault report {code} on {asset} was returned: {reason}',
  'NOTIFICATION.fault.rejected': 'Your fault report {code} on {asset} was rejected: {reason}',
  'NOTIFICATION.fault.approved': 'Your fault report {code} on {asset} was sent to the asset owner',
  'NOTIFICATION.FAULT_MAIL.REPORTED_SUBJECT': 'AMP: your fault report {code}',
  'NOTIFICATION.FAULT_MAIL.REPORTED':
    'Thank you for reporting a fault on {asset} to {owner}. Your tracking code is {code}. You can follow it here: {url}',
  'NOTIFICATION.FAULT_MAIL.DUPLICATE':
    'Thank you for reporting a fault on {asset} to {owner}. It had already been reported and is being looked at; your report has been added to it. Its tracking code is {code}. You can follow it here: {url}',
  'NOTIFICATION.FAULT_MAIL.CLOSED_SUBJECT': 'AMP: your fault report {code} is closed',
  'NOTIFICATION.FAULT_MAIL.REJECTED':
    'Your fault report {code} on {asset} was closed by {owner} without further action: {reason}. Details: {url}',
  'NOTIFICATION.FAULT_MAIL.CONVERTED':
    'Your fault report {code} on {asset} has been taken up by {owner} and work has been ordered. Details: {url}',
  'NOTIFICATION.FAULT_MAIL.FIXED_SUBJECT': 'AMP: the fault you reported ({code}) has been fixed',
  'NOTIFICATION.FAULT_MAIL.FIXED':
    'The fault you reported on {asset} ({code}) has been fixed: the work {owner} ordered is done. Details: {url}',
} as const;

/** The activity and notification texts of a fault, in English and the five other languages. */
export const FAULT_EVENT_TEXTS = {
  en,
  de: {
    'ACTIVITY.fault.reported': 'Störung {code} ({faultType}) an {asset} gemeldet',
    'ACTIVITY.fault.plus_one': 'Störung {code} an {asset} erneut gemeldet ({reporters} Meldungen)',
    'ACTIVITY.fault.approved': 'Störung {code} an {asset} an den Anlageneigentümer weitergeleitet',
    'ACTIVITY.fault.returned': 'Störung {code} an {asset} zurückgegeben: {reason}',
    'ACTIVITY.fault.resubmitted': 'Störung {code} an {asset} korrigiert und erneut gesendet',
    'ACTIVITY.fault.rejected': 'Störung {code} an {asset} abgelehnt: {reason}',
    'ACTIVITY.fault.converted': 'Störung {code} an {asset} übernommen',
    'ACTIVITY.fault.work_accepted': 'Die Arbeit an der Störung {code} an {asset} wurde angenommen',
    'ACTIVITY.fault.work_started': 'Die Arbeit an der Störung {code} an {asset} hat begonnen',
    'ACTIVITY.fault.work_done': 'Die Arbeit an der Störung {code} an {asset} ist erledigt',
    'NOTIFICATION.fault.awaiting_provider': 'Eine von Ihrem Techniker gemeldete Störung an {asset} ({code}) wartet auf Ihre Genehmigung',
    'NOTIFICATION.fault.awaiting_owner': 'Eine Störung an {asset} ({code}) wartet auf Ihre Entscheidung',
    'NOTIFICATION.fault.returned': 'Ihre Störungsmeldung {code} an {asset} wurde zurückgegeben: {reason}',
    'NOTIFICATION.fault.rejected': 'Ihre Störungsmeldung {code} an {asset} wurde abgelehnt: {reason}',
    'NOTIFICATION.fault.approved': 'Ihre Störungsmeldung {code} an {asset} wurde an den Anlageneigentümer weitergeleitet',
    'NOTIFICATION.FAULT_MAIL.REPORTED_SUBJECT': 'AMP: Ihre Störungsmeldung {code}',
    'NOTIFICATION.FAULT_MAIL.REPORTED':
      'Vielen Dank für Ihre Meldung einer Störung an {asset} an {owner}. Ihr Verfolgungscode lautet {code}. Den Stand sehen Sie hier: {url}',
    'NOTIFICATION.FAULT_MAIL.DUPLICATE':
      'Vielen Dank für Ihre Meldung einer Störung an {asset} an {owner}. Sie war bereits gemeldet und wird bearbeitet; Ihre Meldung wurde ihr hinzugefügt. Ihr Verfolgungscode lautet {code}. Den Stand sehen Sie hier: {url}',
    'NOTIFICATION.FAULT_MAIL.CLOSED_SUBJECT': 'AMP: Ihre Störungsmeldung {code} ist abgeschlossen',
    'NOTIFICATION.FAULT_MAIL.REJECTED':
      'Ihre Störungsmeldung {code} an {asset} wurde von {owner} ohne weitere Maßnahmen geschlossen: {reason}. Details: {url}',
    'NOTIFICATION.FAULT_MAIL.CONVERTED':
      'Ihre Störungsmeldung {code} an {asset} wurde von {owner} übernommen und die Arbeit beauftragt. Details: {url}',
    'NOTIFICATION.FAULT_MAIL.FIXED_SUBJECT': 'AMP: Die von Ihnen gemeldete Störung ({code}) wurde behoben',
    'NOTIFICATION.FAULT_MAIL.FIXED':
      'Die von Ihnen gemeldete Störung an {asset} ({code}) wurde behoben: Die von {owner} beauftragte Arbeit ist erledigt. Details: {url}',
  },
  es: {
    'ACTIVITY.fault.reported': 'Informó de la avería {code} ({faultType}) en {asset}',
    'ACTIVITY.fault.plus_one': 'Volvió a informar de la avería {code} en {asset} ({reporters} informes)',
    'ACTIVITY.fault.approved': 'Envió la avería {code} en {asset} al propietario del activo',
    'ACTIVITY.fault.returned': 'Devolvió la avería {code} en {asset}: {reason}',
    'ACTIVITY.fault.resubmitted': 'Corrigió y volvió a enviar la avería {code} en {asset}',
    'ACTIVITY.fault.rejected': 'Rechazó la avería {code} en {asset}: {reason}',
    'ACTIVITY.fault.converted': 'Atendió la avería {code} en {asset}',
    'ACTIVITY.fault.work_accepted': 'Se aceptó el trabajo sobre la avería {code} en {asset}',
    'ACTIVITY.fault.work_started': 'Comenzó el trabajo sobre la avería {code} en {asset}',
    'ACTIVITY.fault.work_done': 'Se terminó el trabajo sobre la avería {code} en {asset}',
    'NOTIFICATION.fault.awaiting_provider': 'Una avería en {asset} ({code}) informada por su técnico espera su aprobación',
    'NOTIFICATION.fault.awaiting_owner': 'Una avería en {asset} ({code}) espera su decisión',
    'NOTIFICATION.fault.returned': 'Su informe de avería {code} en {asset} fue devuelto: {reason}',
    'NOTIFICATION.fault.rejected': 'Su informe de avería {code} en {asset} fue rechazado: {reason}',
    'NOTIFICATION.fault.approved': 'Su informe de avería {code} en {asset} fue enviado al propietario del activo',
    'NOTIFICATION.FAULT_MAIL.REPORTED_SUBJECT': 'AMP: su informe de avería {code}',
    'NOTIFICATION.FAULT_MAIL.REPORTED':
      'Gracias por informar a {owner} de una avería en {asset}. Su código de seguimiento es {code}. Puede seguirla aquí: {url}',
    'NOTIFICATION.FAULT_MAIL.DUPLICATE':
      'Gracias por informar a {owner} de una avería en {asset}. Ya se había informado y se está revisando; su informe se ha añadido a ella. Su código de seguimiento es {code}. Puede seguirla aquí: {url}',
    'NOTIFICATION.FAULT_MAIL.CLOSED_SUBJECT': 'AMP: su informe de avería {code} está cerrado',
    'NOTIFICATION.FAULT_MAIL.REJECTED': '{owner} cerró su informe de avería {code} en {asset} sin más acciones: {reason}. Detalles: {url}',
    'NOTIFICATION.FAULT_MAIL.CONVERTED': '{owner} atendió su informe de avería {code} en {asset} y encargó el trabajo. Detalles: {url}',
    'NOTIFICATION.FAULT_MAIL.FIXED_SUBJECT': 'AMP: la avería que informó ({code}) se ha reparado',
    'NOTIFICATION.FAULT_MAIL.FIXED':
      'La avería que informó en {asset} ({code}) se ha reparado: el trabajo que encargó {owner} está hecho. Detalles: {url}',
  },
  fr: {
    'ACTIVITY.fault.reported': 'A signalé la panne {code} ({faultType}) sur {asset}',
    'ACTIVITY.fault.plus_one': 'A signalé de nouveau la panne {code} sur {asset} ({reporters} signalements)',
    'ACTIVITY.fault.approved': 'A transmis la panne {code} sur {asset} au propriétaire de l’actif',
    'ACTIVITY.fault.returned': 'A renvoyé la panne {code} sur {asset} : {reason}',
    'ACTIVITY.fault.resubmitted': 'A corrigé et renvoyé la panne {code} sur {asset}',
    'ACTIVITY.fault.rejected': 'A rejeté la panne {code} sur {asset} : {reason}',
    'ACTIVITY.fault.converted': 'A pris en charge la panne {code} sur {asset}',
    'ACTIVITY.fault.work_accepted': 'Les travaux sur la panne {code} sur {asset} ont été acceptés',
    'ACTIVITY.fault.work_started': 'Les travaux sur la panne {code} sur {asset} ont commencé',
    'ACTIVITY.fault.work_done': 'Les travaux sur la panne {code} sur {asset} sont terminés',
    'NOTIFICATION.fault.awaiting_provider': 'Une panne sur {asset} ({code}) signalée par votre technicien attend votre approbation',
    'NOTIFICATION.fault.awaiting_owner': 'Une panne sur {asset} ({code}) attend votre décision',
    'NOTIFICATION.fault.returned': 'Votre signalement de panne {code} sur {asset} a été renvoyé : {reason}',
    'NOTIFICATION.fault.rejected': 'Votre signalement de panne {code} sur {asset} a été rejeté : {reason}',
    'NOTIFICATION.fault.approved': 'Votre signalement de panne {code} sur {asset} a été transmis au propriétaire de l’actif',
    'NOTIFICATION.FAULT_MAIL.REPORTED_SUBJECT': 'AMP : votre signalement de panne {code}',
    'NOTIFICATION.FAULT_MAIL.REPORTED':
      'Merci d’avoir signalé à {owner} une panne sur {asset}. Votre code de suivi est {code}. Vous pouvez la suivre ici : {url}',
    'NOTIFICATION.FAULT_MAIL.DUPLICATE':
      'Merci d’avoir signalé à {owner} une panne sur {asset}. Elle avait déjà été signalée et est en cours d’examen ; votre signalement y a été ajouté. Son code de suivi est {code}. Vous pouvez la suivre ici : {url}',
    'NOTIFICATION.FAULT_MAIL.CLOSED_SUBJECT': 'AMP : votre signalement de panne {code} est clos',
    'NOTIFICATION.FAULT_MAIL.REJECTED':
      'Votre signalement de panne {code} sur {asset} a été clos par {owner} sans suite : {reason}. Détails : {url}',
    'NOTIFICATION.FAULT_MAIL.CONVERTED':
      'Votre signalement de panne {code} sur {asset} a été pris en charge par {owner} et des travaux ont été commandés. Détails : {url}',
    'NOTIFICATION.FAULT_MAIL.FIXED_SUBJECT': 'AMP : la panne que vous avez signalée ({code}) a été réparée',
    'NOTIFICATION.FAULT_MAIL.FIXED':
      'La panne que vous avez signalée sur {asset} ({code}) a été réparée : les travaux commandés par {owner} sont terminés. Détails : {url}',
  },
  ja: {
    'ACTIVITY.fault.reported': '{asset} の故障 {code}（{faultType}）を報告しました',
    'ACTIVITY.fault.plus_one': '{asset} の故障 {code} を再度報告しました（報告 {reporters} 件）',
    'ACTIVITY.fault.approved': '{asset} の故障 {code} を資産所有者に送りました',
    'ACTIVITY.fault.returned': '{asset} の故障 {code} を差し戻しました: {reason}',
    'ACTIVITY.fault.resubmitted': '{asset} の故障 {code} を修正して再送しました',
    'ACTIVITY.fault.rejected': '{asset} の故障 {code} を却下しました: {reason}',
    'ACTIVITY.fault.converted': '{asset} の故障 {code} に対応しました',
    'ACTIVITY.fault.work_accepted': '{asset} の故障 {code} の作業が受諾されました',
    'ACTIVITY.fault.work_started': '{asset} の故障 {code} の作業が始まりました',
    'ACTIVITY.fault.work_done': '{asset} の故障 {code} の作業が完了しました',
    'NOTIFICATION.fault.awaiting_provider': '技術者が報告した {asset} の故障（{code}）があなたの承認を待っています',
    'NOTIFICATION.fault.awaiting_owner': '{asset} の故障（{code}）があなたの判断を待っています',
    'NOTIFICATION.fault.returned': '{asset} の故障報告 {code} が差し戻されました: {reason}',
    'NOTIFICATION.fault.rejected': '{asset} の故障報告 {code} が却下されました: {reason}',
    'NOTIFICATION.fault.approved': '{asset} の故障報告 {code} が資産所有者に送られました',
    'NOTIFICATION.FAULT_MAIL.REPORTED_SUBJECT': 'AMP: 故障報告 {code}',
    'NOTIFICATION.FAULT_MAIL.REPORTED':
      '{owner} への {asset} の故障のご報告ありがとうございます。追跡コードは {code} です。こちらで状況を確認できます: {url}',
    'NOTIFICATION.FAULT_MAIL.DUPLICATE':
      '{owner} への {asset} の故障のご報告ありがとうございます。この故障はすでに報告されて対応中のため、ご報告はその故障に追加されました。追跡コードは {code} です。こちらで状況を確認できます: {url}',
    'NOTIFICATION.FAULT_MAIL.CLOSED_SUBJECT': 'AMP: 故障報告 {code} は完了しました',
    'NOTIFICATION.FAULT_MAIL.REJECTED': '{asset} の故障報告 {code} は {owner} によって対応なしで終了されました: {reason}。詳細: {url}',
    'NOTIFICATION.FAULT_MAIL.CONVERTED': '{asset} の故障報告 {code} は {owner} が対応し、作業が手配されました。詳細: {url}',
    'NOTIFICATION.FAULT_MAIL.FIXED_SUBJECT': 'AMP: ご報告の故障 ({code}) は修理されました',
    'NOTIFICATION.FAULT_MAIL.FIXED':
      'ご報告いただいた {asset} の故障 ({code}) は修理されました。{owner} が手配した作業が完了しました。詳細: {url}',
  },
  zh: {
    'ACTIVITY.fault.reported': '报告了 {asset} 的故障 {code}（{faultType}）',
    'ACTIVITY.fault.plus_one': '再次报告了 {asset} 的故障 {code}（共 {reporters} 份报告）',
    'ACTIVITY.fault.approved': '已将 {asset} 的故障 {code} 发送给资产所有者',
    'ACTIVITY.fault.returned': '退回了 {asset} 的故障 {code}：{reason}',
    'ACTIVITY.fault.resubmitted': '更正并重新提交了 {asset} 的故障 {code}',
    'ACTIVITY.fault.rejected': '驳回了 {asset} 的故障 {code}：{reason}',
    'ACTIVITY.fault.converted': '受理了 {asset} 的故障 {code}',
    'ACTIVITY.fault.work_accepted': '{asset} 的故障 {code} 的工作已被接受',
    'ACTIVITY.fault.work_started': '{asset} 的故障 {code} 的工作已开始',
    'ACTIVITY.fault.work_done': '{asset} 的故障 {code} 的工作已完成',
    'NOTIFICATION.fault.awaiting_provider': '您的技术员报告的 {asset} 故障（{code}）等待您的批准',
    'NOTIFICATION.fault.awaiting_owner': '{asset} 的故障（{code}）等待您的决定',
    'NOTIFICATION.fault.returned': '您对 {asset} 的故障报告 {code} 已被退回：{reason}',
    'NOTIFICATION.fault.rejected': '您对 {asset} 的故障报告 {code} 已被驳回：{reason}',
    'NOTIFICATION.fault.approved': '您对 {asset} 的故障报告 {code} 已发送给资产所有者',
    'NOTIFICATION.FAULT_MAIL.REPORTED_SUBJECT': 'AMP：您的故障报告 {code}',
    'NOTIFICATION.FAULT_MAIL.REPORTED': '感谢您向 {owner} 报告 {asset} 的故障。您的跟踪码是 {code}。您可以在此查看进度：{url}',
    'NOTIFICATION.FAULT_MAIL.DUPLICATE':
      '感谢您向 {owner} 报告 {asset} 的故障。该故障已有人报告并正在处理，您的报告已加入其中。跟踪码是 {code}。您可以在此查看进度：{url}',
    'NOTIFICATION.FAULT_MAIL.CLOSED_SUBJECT': 'AMP：您的故障报告 {code} 已关闭',
    'NOTIFICATION.FAULT_MAIL.REJECTED': '{owner} 已关闭您对 {asset} 的故障报告 {code}，不再处理：{reason}。详情：{url}',
    'NOTIFICATION.FAULT_MAIL.CONVERTED': '{owner} 已受理您对 {asset} 的故障报告 {code} 并安排了工作。详情：{url}',
    'NOTIFICATION.FAULT_MAIL.FIXED_SUBJECT': 'AMP：您报告的故障（{code}）已修复',
    'NOTIFICATION.FAULT_MAIL.FIXED': '您报告的 {asset} 的故障（{code}）已修复：{owner} 安排的工作已完成。详情：{url}',
  },
} as const satisfies EventTexts<keyof typeof en>;
