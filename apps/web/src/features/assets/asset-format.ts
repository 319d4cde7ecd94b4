const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A naira amount as the API sends it ("1250000.50") to "₦1,250,000.50". The decimal string is
 * formatted as text (Intl reads numeric strings exactly), so no kobo is lost to float rounding.
 */
export function formatNaira(amount: string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '–';
  return naira.format(amount as Intl.StringNumericLiteral);
}
