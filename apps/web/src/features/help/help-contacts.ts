/** How to reach the AMP team (docs/product.md#help-center): addresses and numbers are the same in every language. */
export const SUPPORT_EMAIL = 'support@amp.ng';
export const PRIVACY_EMAIL = 'privacy@amp.ng';
export const LEGAL_EMAIL = 'legal@amp.ng';
export const SUPPORT_PHONE = '+234 1 700 2670';
export const EMERGENCY_HOTLINE = '+234 800 267 0911';
/** The system status page (features/status), linked from the contact page. */
export const STATUS_PATH = '/help/status';

/** A number as a tel: link wants it: digits and the leading plus only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
