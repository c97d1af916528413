/**
 * Numbers and amounts the German way (spec §9): counts with thousands
 * separators, amounts in the configured currency (euro, CHF for de-CH).
 * Amounts travel as integer cents.
 */

const COUNT = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
const money = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string): Intl.NumberFormat {
  let format = money.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('de-DE', { style: 'currency', currency });
    money.set(currency, format);
  }
  return format;
}

/** 1234567 → "1.234.567". */
export function formatCount(value: number): string {
  return COUNT.format(value);
}

/** An amount in currency units, e.g. 12.5 → "12,50 €". */
export function formatAmount(units: number, currency: string): string {
  return moneyFormat(currency).format(units);
}

/** Integer cents as currency, e.g. 1250 → "12,50 €". */
export function formatCents(cents: number, currency: string): string {
  return formatAmount(cents / 100, currency);
}
