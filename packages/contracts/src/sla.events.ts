import type { EventTexts, NotificationAudiences } from './event-family.js';

/** Who hears each notification of an SLA: the profile page offers a person only theirs. */
export const SLA_NOTIFICATIONS = {
  'sla.created': 'organisation',
  'sla.updated': 'organisation',
} as const satisfies NotificationAudiences;

const en = {
  'ACTIVITY.sla.created': 'Created the SLA {title} with {provider} (response {response} h, resolution {resolution} h)',
  'ACTIVITY.sla.updated': 'Updated the SLA {title}',
  'NOTIFICATION.sla.created': '{owner} created the SLA {title} with you',
  'NOTIFICATION.sla.updated': '{owner} changed the SLA {title}',
} as const;

/** The activity and notification texts of an SLA, in English and the five other languages. */
export const SLA_EVENT_TEXTS = {
  en,
  de: {
    'ACTIVITY.sla.created': 'SLA {title} mit {provider} angelegt (Reaktionszeit {response} h, Lösungszeit {resolution} h)',
    'ACTIVITY.sla.updated': 'SLA {title} aktualisiert',
    'NOTIFICATION.sla.created': '{owner} hat mit Ihnen das SLA {title} angelegt',
    'NOTIFICATION.sla.updated': '{owner} hat das SLA {title} geändert',
  },
  es: {
    'ACTIVITY.sla.created': 'Creó el SLA {title} con {provider} (respuesta {response} h, resolución {resolution} h)',
    'ACTIVITY.sla.updated': 'Actualizó el SLA {title}',
    'NOTIFICATION.sla.created': '{owner} ha creado con usted el SLA {title}',
    'NOTIFICATION.sla.updated': '{owner} ha cambiado el SLA {title}',
  },
  fr: {
    'ACTIVITY.sla.created': 'SLA {title} créé avec {provider} (réponse {response} h, résolution {resolution} h)',
    'ACTIVITY.sla.updated': 'SLA {title} modifié',
    'NOTIFICATION.sla.created': '{owner} a créé avec vous le SLA {title}',
    'NOTIFICATION.sla.updated': '{owner} a modifié le SLA {title}',
  },
  ja: {
    'ACTIVITY.sla.created': '{provider} との SLA「{title}」を作成しました（応答 {response} 時間、解決 {resolution} 時間）',
    'ACTIVITY.sla.updated': 'SLA「{title}」を更新しました',
    'NOTIFICATION.sla.created': '{owner} が貴社との SLA「{title}」を作成しました',
    'NOTIFICATION.sla.updated': '{owner} が SLA「{title}」を変更しました',
  },
  zh: {
    'ACTIVITY.sla.created': '与 {provider} 创建了 SLA“{title}”（响应 {response} 小时，解决 {resolution} 小时）',
    'ACTIVITY.sla.updated': '更新了 SLA“{title}”',
    'NOTIFICATION.sla.created': '{owner} 已与您创建 SLA“{title}”',
    'NOTIFICATION.sla.updated': '{owner} 更改了 SLA“{title}”',
  },
} as const satisfies EventTexts<keyof typeof en>;
