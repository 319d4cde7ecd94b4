import type { EventTexts } from './event-family.js';

const en = {
  'ACTIVITY.account.login': 'Signed in',
  'ACTIVITY.account.logout': 'Signed out',
  'ACTIVITY.account.forgot': 'Requested a password reset',
  'ACTIVITY.account.reset_password': 'Reset the password',
  'ACTIVITY.account.change_password': 'Changed the password',
  'ACTIVITY.account.settings': 'Updated the settings',
  'ACTIVITY.account.notification_preferences': 'Changed the notification preferences',
} as const;

/** The activity and notification texts of an account, in English and the five other languages. */
export const ACCOUNT_EVENT_TEXTS = {
  en,
  de: {
    'ACTIVITY.account.login': 'Angemeldet',
    'ACTIVITY.account.logout': 'Abgemeldet',
    'ACTIVITY.account.forgot': 'Zurücksetzen des Passworts angefordert',
    'ACTIVITY.account.reset_password': 'Passwort zurückgesetzt',
    'ACTIVITY.account.change_password': 'Passwort geändert',
    'ACTIVITY.account.settings': 'Einstellungen aktualisiert',
    'ACTIVITY.account.notification_preferences': 'Benachrichtigungseinstellungen geändert',
  },
  es: {
    'ACTIVITY.account.login': 'Inició sesión',
    'ACTIVITY.account.logout': 'Cerró sesión',
    'ACTIVITY.account.forgot': 'Solicitó el restablecimiento de la contraseña',
    'ACTIVITY.account.reset_password': 'Restableció la contraseña',
    'ACTIVITY.account.change_password': 'Cambió la contraseña',
    'ACTIVITY.account.settings': 'Actualizó la configuración',
    'ACTIVITY.account.notification_preferences': 'Cambió las preferencias de notificación',
  },
  fr: {
    'ACTIVITY.account.login': 'Connexion',
    'ACTIVITY.account.logout': 'Déconnexion',
    'ACTIVITY.account.forgot': 'Réinitialisation du mot de passe demandée',
    'ACTIVITY.account.reset_password': 'Mot de passe réinitialisé',
    'ACTIVITY.account.change_password': 'Mot de passe modifié',
    'ACTIVITY.account.settings': 'Paramètres mis à jour',
    'ACTIVITY.account.notification_preferences': 'Préférences de notification modifiées',
  },
  ja: {
    'ACTIVITY.account.login': 'ログインしました',
    'ACTIVITY.account.logout': 'ログアウトしました',
    'ACTIVITY.account.forgot': 'パスワードの再設定をリクエストしました',
    'ACTIVITY.account.reset_password': 'パスワードを再設定しました',
    'ACTIVITY.account.change_password': 'パスワードを変更しました',
    'ACTIVITY.account.settings': '設定を更新しました',
    'ACTIVITY.account.notification_preferences': '通知設定を変更しました',
  },
  zh: {
    'ACTIVITY.account.login': '已登录',
    'ACTIVITY.account.logout': '已退出登录',
    'ACTIVITY.account.forgot': '申请了重置密码',
    'ACTIVITY.account.reset_password': '重置了密码',
    'ACTIVITY.account.change_password': '修改了密码',
    'ACTIVITY.account.settings': '更新了设置',
    'ACTIVITY.account.notification_preferences': '更改了通知设置',
  },
} as const satisfies EventTexts<keyof typeof en>;
