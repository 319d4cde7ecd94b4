import type { TFunction } from '../../lib/i18n';
import type { Guide } from './guides';

/** The guide's title, as the reader's language has it. */
export const guideTitle = (t: TFunction, guide: Guide) => t(`help.guides.${guide.slug}.title`);

/**
 * The guides whose title or category contains the search text (docs/product.md#help-center), in the reader's
 * language, ignoring case and accents; every guide when the text is empty.
 */
export function searchGuides(guides: readonly Guide[], query: string, t: TFunction): Guide[] {
  const wanted = normalise(query);
  if (!wanted) return [...guides];
  return guides.filter((guide) => normalise(`${guideTitle(t, guide)} ${t(`help.category.${guide.category}`)}`).includes(wanted));
}

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase()
    .trim()
    .replace(/\s+/g, ' ');
}
