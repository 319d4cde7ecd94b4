import type { EventTexts, NotificationAudiences } from './event-family.js';

/** Who hears each notification of an assignment of assets: the profile page offers a person only theirs. */
export const ASSIGNMENT_NOTIFICATIONS = {
  'assignment.assigned': 'organisation',
  'assignment.revoked': 'organisation',
  'assignment.dispatched': 'technician',
} as const satisfies NotificationAudiences;

const en = {
  'NOTIFICATION.assignment.assigned': '{owner} assigned {count} {kind} to {provider}: {names}',
  'NOTIFICATION.assignment.revoked': '{owner} took back {count} {kind}: {names}',
  'NOTIFICATION.assignment.dispatched': 'You have been assigned {name} ({code})',
} as const;

/** The activity and notification texts of an assignment of assets, in English and the five other languages. */
export const ASSIGNMENT_EVENT_TEXTS = {
  en,
  de: {
    'NOTIFICATION.assignment.assigned': '{owner} hat {provider} {count} {kind} zugewiesen: {names}',
    'NOTIFICATION.assignment.revoked': '{owner} hat {count} {kind} zurückgenommen: {names}',
    'NOTIFICATION.assignment.dispatched': 'Neue Zuweisung für Sie: {name} ({code})',
  },
  es: {
    'NOTIFICATION.assignment.assigned': '{owner} ha asignado {count} {kind} a {provider}: {names}',
    'NOTIFICATION.assignment.revoked': '{owner} ha retirado {count} {kind}: {names}',
    'NOTIFICATION.assignment.dispatched': 'Se le ha asignado: {name} ({code})',
  },
  fr: {
    'NOTIFICATION.assignment.assigned': '{owner} a attribué {count} {kind} à {provider} : {names}',
    'NOTIFICATION.assignment.revoked': '{owner} a repris {count} {kind} : {names}',
    'NOTIFICATION.assignment.dispatched': 'Nouvelle affectation pour vous : {name} ({code})',
  },
  ja: {
    'NOTIFICATION.assignment.assigned': '{owner} が {provider} に{kind} {count} 件を割り当てました：{names}',
    'NOTIFICATION.assignment.revoked': '{owner} が{kind} {count} 件の割り当てを取り消しました：{names}',
    'NOTIFICATION.assignment.dispatched': '「{name}」（{code}）が割り当てられました',
  },
  zh: {
    'NOTIFICATION.assignment.assigned': '{owner} 已将 {count} 个{kind}分配给 {provider}：{names}',
    'NOTIFICATION.assignment.revoked': '{owner} 已收回 {count} 个{kind}：{names}',
    'NOTIFICATION.assignment.dispatched': '已为您分配“{name}”（{code}）',
  },
} as const satisfies EventTexts<keyof typeof en>;
