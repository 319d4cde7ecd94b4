import type { EventTexts } from './event-family.js';

const en = {
  'ACTIVITY.user.seeded': 'Account created for {name}',
  'ACTIVITY.user.created': 'Added the user {name}',
  'ACTIVITY.user.updated': 'Updated the user {name}',
  'ACTIVITY.user.activated': 'Reactivated the user {name}',
  'ACTIVITY.user.deactivated': 'Deactivated the user {name}',
  'ACTIVITY.user.profile_updated': 'Updated the profile',
} as const;

/** The activity and notification texts of a user, in English and the five other languages. */
export const USER_EVENT_TEXTS = {
  en,
  de: {
    'ACTIVITY.user.seeded': 'Konto für {name} angelegt',
    'ACTIVITY.user.created': 'Benutzer {name} hinzugefügt',
    'ACTIVITY.user.updated': 'Benutzer {name} aktualisiert',
    'ACTIVITY.user.activated': 'Benutzer {name} reaktiviert',
    'ACTIVITY.user.deactivated': 'Benutzer {name} deaktiviert',
    'ACTIVITY.user.profile_updated': 'Profil aktualisiert',
  },
  es: {
    'ACTIVITY.user.seeded': 'Cuenta creada para {name}',
    'ACTIVITY.user.created': 'Añadió al usuario {name}',
    'ACTIVITY.user.updated': 'Actualizó al usuario {name}',
    'ACTIVITY.user.activated': 'Reactivó al usuario {name}',
    'ACTIVITY.user.deactivated': 'Desactivó al usuario {name}',
    'ACTIVITY.user.profile_updated': 'Actualizó el perfil',
  },
  fr: {
    'ACTIVITY.user.seeded': 'Compte créé pour {name}',
    'ACTIVITY.user.created': 'Utilisateur {name} ajouté',
    'ACTIVITY.user.updated': 'Utilisateur {name} mis à jour',
    'ACTIVITY.user.activated': 'Utilisateur {name} réactivé',
    'ACTIVITY.user.deactivated': 'Utilisateur {name} désactivé',
    'ACTIVITY.user.profile_updated': 'Profil mis à jour',
  },
  ja: {
    'ACTIVITY.user.seeded': '{name} のアカウントが作成されました',
    'ACTIVITY.user.created': 'ユーザー「{name}」を追加しました',
    'ACTIVITY.user.updated': 'ユーザー「{name}」を更新しました',
    'ACTIVITY.user.activated': 'ユーザー「{name}」を再有効化しました',
    'ACTIVITY.user.deactivated': 'ユーザー「{name}」を無効化しました',
    'ACTIVITY.user.profile_updated': 'プロフィールを更新しました',
  },
  zh: {
    'ACTIVITY.user.seeded': '已为 {name} 创建账户',
    'ACTIVITY.user.created': '添加了用户“{name}”',
    'ACTIVITY.user.updated': '更新了用户“{name}”',
    'ACTIVITY.user.activated': '重新激活了用户“{name}”',
    'ACTIVITY.user.deactivated': '停用了用户“{name}”',
    'ACTIVITY.user.profile_updated': '更新了个人资料',
  },
} as const satisfies EventTexts<keyof typeof en>;
