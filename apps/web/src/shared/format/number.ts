/**
 * Numbers and amounts in the configured locale (docs/product.md#limits): counts with
 * thousands separators, amounts in the configured currency (euro, CHF for
 * the Swiss locale), and the separators and symbol the money input uses to
 * read what is typed. Amounts travel as integer cents.
 */
import { formatCountIn } from '@backoffice/domain';
import { displayLocale } from './locale';

const formats = new Map<string, Intl.NumberFormat>();

/** Amounts in a currency, one format per locale and currency. */
function numberFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formats.set(key, format);
  }
  return format;
}

/** 1234567 → "1.234.567" (German locales). */
export function formatCount(value: number, locale = displayLocale()): string {
  return formatCountIn(value, locale);
}

/** An amount in currency units, e.g. 12.5 → "12,50 €". */
export function formatAmount(units: number, currency: string, locale = displayLocale()): string {
  return numberFormat(locale, currency).format(units);
}

/** Integer cents as currency, e.g. 1250 → "12,50 €". */
export function formatCents(cents: number, currency: string, locale = displayLocale()): string {
  return formatAmount(cents / 100, currency, locale);
}

/** The currency's symbol in the locale, e.g. "€" or "CHF". */
export function currencySymbol(currency: string, locale = displayLocale()): string {
  const part = numberFormat(locale, currency)
    .formatToParts(0)
    .find((candidate) => candidate.type === 'currency');
  return part?.value ?? currency;
}

/** How amounts are typed in a locale: the separators the money input shows and reads. */
export interface AmountSeparators {
  decimal: string;
  group: string;
  /**
   * The keys read as the decimal separator when typed: the locale's own, and
   * "." or "," as well where the locale does not group thousands with it
   * (de-CH, fr-FR), so the number pad's key works. Where it does (de-DE
   * groups with ".", en-GB with ","), that key groups and is never read as
   * the decimal separator: "1.500" is fifteen hundred euros in German.
   */
  typedDecimals: string[];
}

/** The decimal and thousands separators of the locale, as amounts are typed and shown. */
export function amountSeparators(locale = displayLocale()): AmountSeparators {
  // Seven digits: some locales (it-CH, es-ES, pl-PL) group only numbers of five or more.
  const parts = numberFormat(locale, 'EUR').formatToParts(1234567.5);
  const decimal = parts.find((part) => part.type === 'decimal')?.value ?? ',';
  const group = parts.find((part) => part.type === 'group')?.value ?? (decimal === ',' ? '.' : ',');
  const typedDecimals = [decimal, ...['.', ','].filter((key) => key !== decimal && key !== group)];
  return { decimal, group, typedDecimals };
}

/** A share in percent, one decimal at most, e.g. 12.345 → "12,3 %" (German locales). */
export function formatPercent(percent: number, locale = displayLocale()): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
    percent / 100,
  );
}
