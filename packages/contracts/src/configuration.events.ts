import type { EventTexts } from './event-family.js';

const en = {
  'ACTIVITY.configuration.wo_updated': 'Changed the work order configuration',
  'ACTIVITY.configuration.updated': 'Changed the service request configuration',
} as const;

/** The activity and notification texts of the configuration, in English and the five other languages. */
export const CONFIGURATION_EVENT_TEXTS = {
  en,
  de: {
    'ACTIVITY.configuration.wo_updated': 'Konfiguration der Arbeitsaufträge geändert',
    'ACTIVITY.configuration.updated': 'Konfiguration der Serviceanfragen geändert',
  },
  es: {
    'ACTIVITY.configuration.wo_updated': 'Cambió la configuración de las órdenes de trabajo',
    'ACTIVITY.configuration.updated': 'Cambió la configuración de las solicitudes de servicio',
  },
  fr: {
    'ACTIVITY.configuration.wo_updated': 'A modifié la configuration des ordres de travail',
    'ACTIVITY.configuration.updated': 'A modifié la configuration des demandes de service',
  },
  ja: {
    'ACTIVITY.configuration.wo_updated': '作業指示の設定を変更しました',
    'ACTIVITY.configuration.updated': 'サービス依頼の設定を変更しました',
  },
  zh: {
    'ACTIVITY.configuration.wo_updated': '更改了工单配置',
    'ACTIVITY.configuration.updated': '更改了服务请求配置',
  },
} as const satisfies EventTexts<keyof typeof en>;
