// Naira and kobo without floats, free of the schema library: the web's first scripts use these.

/**
 * Money in NGN, exact: stored and sent as integer kobo, typed and shown as naira with two decimals.
 * Assets' purchase costs, pricebook prices, observation lines and orders use these, never floats.
 */

/** NGN amounts: at most 13 digits of naira and 2 of kobo, so kobo stay exact integers (< 2^53). */
const NAIRA_PATTERN = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * Naira (a decimal string such as "1250000.50", or a number) to kobo, exactly: the digits are
 * read as text, so 0.1 + 0.2 style float errors never reach the database. Commas and spaces as
 * thousands separators are allowed in strings. Undefined when the input is not an amount.
 */
export function nairaToKobo(input: string | number): number | undefined {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return undefined;
    // A number's shortest round-trip text: 1234.5 -> "1234.5"; 0.30000000000000004 is refused below.
    text = String(input);
  } else {
    text = input.trim().replace(/[,\s]/g, '');
  }
  const match = NAIRA_PATTERN.exec(text);
  if (!match) return undefined;
  const naira = Number(match[1]);
  const kobo = Number((match[2] ?? '').padEnd(2, '0'));
  return naira * 100 + kobo;
}

/** Kobo to a naira string with two decimals ("1250000.50"), without floats. */
export function koboToNaira(kobo: number): string {
  const whole = Math.floor(kobo / 100);
  return `${whole}.${String(kobo % 100).padStart(2, '0')}`;
}
