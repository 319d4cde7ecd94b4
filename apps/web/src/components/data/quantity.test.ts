import { afterEach, describe, expect, it, vi } from 'vitest';

/** The real translator in one language, as the app loads it (lib/i18n.ts reads the stored language). */
async function inLanguage(language: string) {
  vi.resetModules();
  vi.stubGlobal('localStorage', { getItem: () => language, setItem: () => {} });
  vi.stubGlobal('document', { documentElement: {} });
  const i18n = await import('../../lib/i18n');
  await i18n.initI18n();
  await i18n.loadAllTranslations();
  const { quantityWithUnit } = await import('./quantity');
  return (quantity: number, unit: string | null) => quantityWithUnit(i18n.translate, quantity, unit);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('quantityWithUnit: a quantity in its unit, in the plural form of the reader’s language', () => {
  it('says "1 piece" and "2 pieces", "8 hours", whatever the spelling typed', async () => {
    const say = await inLanguage('en');
    expect(say(1, 'piece')).toBe('1 piece');
    expect(say(2, 'piece')).toBe('2 pieces');
    expect(say(2, 'Pieces')).toBe('2 pieces');
    expect(say(1, 'hours')).toBe('1 hour');
    expect(say(8, 'hour')).toBe('8 hours');
    expect(say(2.5, 'hr')).toBe('2.5 hours');
    expect(say(140, 'pcs')).toBe('140 pieces');
    expect(say(1_200, 'litre')).toBe('1,200 litres');
  });

  it('shows a unit it does not know as typed, and a number alone without a unit', async () => {
    const say = await inLanguage('en');
    expect(say(3, 'drum')).toBe('3 drum');
    expect(say(3, null)).toBe('3');
    expect(say(3, '  ')).toBe('3');
  });

  it('follows the plural rules of each language', async () => {
    const de = await inLanguage('de');
    expect(de(1, 'hour')).toBe('1 Stunde');
    expect(de(8, 'hour')).toBe('8 Stunden');
    expect(de(2, 'piece')).toBe('2 Stück');
    const fr = await inLanguage('fr');
    // French counts 0 and 1.5 as singular.
    expect(fr(1.5, 'hour')).toBe('1,5 heure');
    expect(fr(2, 'box')).toBe('2 boîtes');
    const ja = await inLanguage('ja');
    expect(ja(2, 'piece')).toBe('2 個');
  });
});
