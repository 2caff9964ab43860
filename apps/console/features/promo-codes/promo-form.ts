import {
  promoCodeSchema,
  promoServices,
  promoWhenText,
  type PromoCode,
  type PromoService,
} from '../../../../lib/cart/promo.ts';
import { formatMoney, toCents, toDollars } from '../../../../lib/pricing/money.ts';
import { parsePriceInput, priceInputText } from '../../../../lib/shop/price-input.ts';
import { formatShortDate, weekOrder } from '../../../../lib/time/format.ts';

/**
 * The promo code editor's form as typed (issue 30 item 3), and the one conversion to a code: the
 * form is turned into a candidate and checked by the contract's own `promoCodeSchema`, whose
 * issues become words on the field they concern. Nothing is checked twice in two places.
 */

export type SavingKind = PromoCode['saving']['kind'];

export interface PromoForm {
  code: string;
  kind: SavingKind;
  /** Dollars off, as typed ("5", "4.50"). */
  amount: string;
  percent: string;
  /** Empty: any order. */
  minimumOrder: string;
  /** All seven ticked: every day. */
  weekdays: readonly number[];
  /** Both empty: all day (HH:mm from the time inputs). */
  from: string;
  to: string;
  /** Both ticked: either service. Free delivery is delivery's alone, so this is not asked then. */
  services: readonly PromoService[];
  /** The last day it is valid (yyyy-MM-dd); empty: no end. */
  endsOn: string;
  /** Empty: no limit. */
  maxUses: string;
  oncePerCustomer: boolean;
}

export type PromoField =
  'code' | 'amount' | 'percent' | 'minimumOrder' | 'weekdays' | 'from' | 'to' | 'services' | 'endsOn' | 'maxUses';

export type PromoFormErrors = Partial<Record<PromoField, string>>;

export const emptyPromoForm: PromoForm = {
  code: '',
  kind: 'amount',
  amount: '',
  percent: '',
  minimumOrder: '',
  weekdays: weekOrder,
  from: '',
  to: '',
  services: promoServices,
  endsOn: '',
  maxUses: '',
  oncePerCustomer: false,
};

/** The contract's wording is for developers; these are the owner's. */
export const promoFieldMessages: Readonly<Record<PromoField, string>> = {
  code: 'Use 3 to 20 letters, digits or dashes, e.g. SAVE5.',
  amount: 'Enter the dollars off, more than 0, e.g. 5 or 4.50.',
  percent: 'Enter a whole percentage from 1 to 100.',
  minimumOrder: 'Enter the minimum in dollars, e.g. 30, or leave it empty for any order.',
  weekdays: 'Tick at least one day.',
  from: 'Enter the time it starts, or clear both times for all day.',
  to: 'Enter both times, or neither for all day.',
  services: 'Tick pickup, delivery or both.',
  endsOn: 'Enter the last day, or leave it empty for no end.',
  maxUses: 'Enter a whole number of uses from 1, or leave it empty for no limit.',
};

const fields = Object.keys(promoFieldMessages) as PromoField[];

/** The form of a saved code, to change it. */
export function formOfCode(code: PromoCode): PromoForm {
  return {
    code: code.code,
    kind: code.saving.kind,
    amount: code.saving.kind === 'amount' ? priceInputText(toCents(code.saving.amount)) : '',
    percent: code.saving.kind === 'percent' ? String(code.saving.percent) : '',
    minimumOrder: code.minimumOrder === undefined ? '' : priceInputText(toCents(code.minimumOrder)),
    weekdays: code.weekdays ? weekOrder.filter((day) => code.weekdays?.includes(day)) : weekOrder,
    from: code.from ?? '',
    to: code.to ?? '',
    services: code.services ?? promoServices,
    endsOn: code.endsOn ?? '',
    maxUses: code.maxUses === undefined ? '' : String(code.maxUses),
    oncePerCustomer: code.oncePerCustomer ?? false,
  };
}

/** Typed dollars, or NaN for text that is no price, so the schema refuses it on its field. */
const dollarsOf = (text: string) => {
  const cents = parsePriceInput(text);
  return cents === null ? Number.NaN : toDollars(cents);
};
const wholeOf = (text: string) => (/^\s*\d{1,9}\s*$/.test(text) ? Number(text) : Number.NaN);
const optional = <T>(text: string, read: (text: string) => T): T | undefined =>
  text.trim() === '' ? undefined : read(text.trim());

function candidateOf(form: PromoForm): Record<string, unknown> {
  const saving =
    form.kind === 'amount'
      ? { kind: 'amount', amount: dollarsOf(form.amount) }
      : form.kind === 'percent'
        ? { kind: 'percent', percent: wholeOf(form.percent) }
        : { kind: 'freeDelivery' };
  return {
    code: form.code,
    saving,
    minimumOrder: optional(form.minimumOrder, dollarsOf),
    weekdays: form.weekdays.length === 7 ? undefined : weekOrder.filter((day) => form.weekdays.includes(day)),
    from: optional(form.from, String),
    to: optional(form.to, String),
    services:
      form.kind === 'freeDelivery' || form.services.length === promoServices.length
        ? undefined
        : promoServices.filter((service) => form.services.includes(service)),
    endsOn: optional(form.endsOn, String),
    maxUses: optional(form.maxUses, wholeOf),
    oncePerCustomer: form.oncePerCustomer ? true : undefined,
  };
}

/** The field a schema issue concerns: the saving's inner field names its own input. */
function fieldOf(path: readonly PropertyKey[]): PromoField | undefined {
  const [first, second] = path;
  const name = first === 'saving' ? second : first;
  return fields.find((field) => field === name);
}

/**
 * The code a form stands for, checked by the contract's schema, or the words for each field that
 * is wrong. `otherCodes` are the shop's codes besides the one edited: a code is one of a kind.
 */
export function codeOfForm(
  form: PromoForm,
  otherCodes: readonly string[],
): { ok: true; code: PromoCode } | { ok: false; errors: PromoFormErrors } {
  const parsed = promoCodeSchema.safeParse(candidateOf(form));
  const errors: PromoFormErrors = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path);
      if (field) errors[field] ??= promoFieldMessages[field];
    }
  if (parsed.success && otherCodes.includes(parsed.data.code))
    errors.code = `${parsed.data.code} is already one of the shop's codes: choose another or change that one.`;
  return parsed.success && Object.keys(errors).length === 0 ? { ok: true, code: parsed.data } : { ok: false, errors };
}

/** "$5.00 off", "10% off", "Free delivery": what a code gives. */
export function savingText(saving: PromoCode['saving']): string {
  return saving.kind === 'amount'
    ? `${formatMoney(toCents(saving.amount))} off`
    : saving.kind === 'percent'
      ? `${saving.percent}% off`
      : 'Free delivery';
}

/** "Wed 1 Jan 2020" for a date outside this year, "Fri 5 Dec" inside it. */
function dayText(date: string, today: string): string {
  return date.slice(0, 4) === today.slice(0, 4)
    ? formatShortDate(date)
    : `${formatShortDate(date)} ${date.slice(0, 4)}`;
}

/**
 * A code's limits in plain words, one each, for the list: its minimum, days and hours (the words
 * the checkout uses), service, last day (or that it has ended, by the shop's `today`) and once
 * per customer. None: "Any order, any time".
 */
export function limitsText(code: PromoCode, today: string): string[] {
  const services = code.saving.kind === 'freeDelivery' ? ['delivery'] : (code.services ?? promoServices);
  const limits = [
    ...(code.minimumOrder !== undefined && code.minimumOrder > 0
      ? [`Orders of ${formatMoney(toCents(code.minimumOrder))} or more`]
      : []),
    ...(code.weekdays !== undefined || code.from !== undefined ? [promoWhenText(code)] : []),
    ...(services.length === 1 ? [services[0] === 'pickup' ? 'Pickup orders only' : 'Delivery orders only'] : []),
    ...(code.endsOn === undefined
      ? []
      : [code.endsOn < today ? `Ended ${dayText(code.endsOn, today)}` : `Last day ${dayText(code.endsOn, today)}`]),
    ...(code.oncePerCustomer ? ['One use per customer'] : []),
  ];
  return limits.length > 0 ? limits : ['Any order, any time'];
}

/** "0 of 100 used", "3 used, no limit", "1 of 1 used: used up". */
export function usesText(uses: number, maxUses: number | undefined): string {
  if (maxUses === undefined) return `${uses} used, no limit`;
  return `${uses} of ${maxUses} used${uses >= maxUses ? ': used up' : ''}`;
}
