/**
 * The interface languages (docs/product.md#language); English is every language's fallback. Apart from
 * account.ts so that the web app's first script, which needs the list, does not carry zod.
 */
export const LANGUAGES = ['en', 'de', 'es', 'fr', 'ja', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
