import type { EventTexts } from './event-family.js';

const en = {
  'ACTIVITY.role.created': 'Created the role {name}',
  'ACTIVITY.role.permissions_changed': 'Changed the permissions of the role {name}',
} as const;

/** The activity and notification texts of a role, in English and the five other languages. */
export const ROLE_EVENT_TEXTS = {
  en,
  de: {
    'ACTIVITY.role.created': 'Rolle {name} angelegt',
    'ACTIVITY.role.permissions_changed': 'Berechtigungen der Rolle {name} geändert',
  },
  es: {
    'ACTIVITY.role.created': 'Creó el rol {name}',
    'ACTIVITY.role.permissions_changed': 'Cambió los permisos del rol {name}',
  },
  fr: {
    'ACTIVITY.role.created': 'Rôle {name} créé',
    'ACTIVITY.role.permissions_changed': 'Autorisations du rôle {name} modifiées',
  },
  ja: {
    'ACTIVITY.role.created': 'ロール「{name}」を作成しました',
    'ACTIVITY.role.permissions_changed': 'ロール「{name}」の権限を変更しました',
  },
  zh: {
    'ACTIVITY.role.created': '创建了角色“{name}”',
    'ACTIVITY.role.permissions_changed': '更改了角色“{name}”的权限',
  },
} as const satisfies EventTexts<keyof typeof en>;
