import type { EventTexts, NotificationAudiences } from './event-family.js';

/** Who hears each notification of a registration: the profile page offers a person only theirs. */
export const REGISTRATION_NOTIFICATIONS = {
  'registration.pending': 'super',
  'registration.approved': 'organisation',
} as const satisfies NotificationAudiences;

const en = {
  'ACTIVITY.registration.submitted': 'Submitted a registration for approval',
  'ACTIVITY.registration.approved': 'Approved the registration of {organisation}',
  'ACTIVITY.registration.rejected': 'Rejected the registration of {organisation}',
  'NOTIFICATION.registration.pending': '{organisation} registered and awaits approval',
  'NOTIFICATION.registration.approved': 'Your registration for {organisation} has been approved',
} as const;

/** The activity and notification texts of a registration, in English and the five other languages. */
export const REGISTRATION_EVENT_TEXTS = {
  en,
  de: {
    'ACTIVITY.registration.submitted': 'Registrierung zur Genehmigung eingereicht',
    'ACTIVITY.registration.approved': 'Registrierung von {organisation} genehmigt',
    'ACTIVITY.registration.rejected': 'Registrierung von {organisation} abgelehnt',
    'NOTIFICATION.registration.pending': '{organisation} hat sich registriert und wartet auf Genehmigung',
    'NOTIFICATION.registration.approved': 'Ihre Registrierung für {organisation} wurde genehmigt',
  },
  es: {
    'ACTIVITY.registration.submitted': 'Envió una solicitud de registro para su aprobación',
    'ACTIVITY.registration.approved': 'Aprobó el registro de {organisation}',
    'ACTIVITY.registration.rejected': 'Rechazó el registro de {organisation}',
    'NOTIFICATION.registration.pending': '{organisation} se ha registrado y está pendiente de aprobación',
    'NOTIFICATION.registration.approved': 'Su registro para {organisation} se ha aprobado',
  },
  fr: {
    'ACTIVITY.registration.submitted': 'Inscription envoyée pour approbation',
    'ACTIVITY.registration.approved': 'Inscription de {organisation} approuvée',
    'ACTIVITY.registration.rejected': 'Inscription de {organisation} refusée',
    'NOTIFICATION.registration.pending': 'Nouvelle inscription de {organisation} en attente d’approbation',
    'NOTIFICATION.registration.approved': 'Votre inscription pour {organisation} a été approuvée',
  },
  ja: {
    'ACTIVITY.registration.submitted': '登録申請を送信しました（承認待ち）',
    'ACTIVITY.registration.approved': '{organisation} の登録申請を承認しました',
    'ACTIVITY.registration.rejected': '{organisation} の登録申請を却下しました',
    'NOTIFICATION.registration.pending': '{organisation} から登録申請があり、承認を待っています',
    'NOTIFICATION.registration.approved': '{organisation} の登録申請が承認されました',
  },
  zh: {
    'ACTIVITY.registration.submitted': '提交了注册申请，等待审批',
    'ACTIVITY.registration.approved': '批准了 {organisation} 的注册申请',
    'ACTIVITY.registration.rejected': '拒绝了 {organisation} 的注册申请',
    'NOTIFICATION.registration.pending': '{organisation} 已提交注册申请，等待审批',
    'NOTIFICATION.registration.approved': '您为 {organisation} 提交的注册申请已获批准',
  },
} as const satisfies EventTexts<keyof typeof en>;
