import { MONEY_CURRENCY, MONEY_LOCALE } from '../constants.ts';

/** Float noise from `x * 100` stays far below this; a third decimal does not. */
const CENT_EPSILON = 1e-6;

const formatter = new Intl.NumberFormat(MONEY_LOCALE, { style: 'currency', currency: MONEY_CURRENCY });

/**
 * Dollars as the API sends them (at most two decimals) to integer cents. Anything else is a data
 * error: rounding it away would hide a wrong price.
 */
export function toCents(dollars: number): number {
  if (typeof dollars !== 'number' || !Number.isFinite(dollars)) {
    throw new RangeError(`expected an amount in dollars, got ${String(dollars)}`);
  }
  const scaled = dollars * 100;
  const cents = Math.round(scaled);
  if (Math.abs(scaled - cents) > CENT_EPSILON) {
    throw new RangeError(`expected an amount with at most two decimals, got ${dollars}`);
  }
  if (!Number.isSafeInteger(cents)) throw new RangeError(`amount out of range: ${dollars}`);
  return cents === 0 ? 0 : cents;
}

export function toDollars(cents: number): number {
  assertCents(cents);
  return cents === 0 ? 0 : cents / 100;
}

/** "$12.50", "-$3.00", "$1,234.50". */
export function formatMoney(cents: number): string {
  assertCents(cents);
  return formatter.format(cents === 0 ? 0 : cents / 100);
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`expected a whole number of cents, got ${String(cents)}`);
}
