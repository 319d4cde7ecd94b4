import type { GuideCategory } from './guides';

/** The Help Center's home, where the search text filters Quick Access. */
export const HELP_HOME = '/help';
/** The search text's place in the home page's address. */
export const SEARCH_PARAM = 'q';

export const guidePath = (slug: string) => `/help/guides/${slug}`;
/** Where a guide category's guides are listed. */
export const categoryPath = (category: GuideCategory) => `/help/guides?category=${category}`;
