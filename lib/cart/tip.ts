import { z } from 'zod';
import { formatMoney, toCents } from '../pricing/money.ts';
import { nonNegativeDollars } from '../tenant/primitives.ts';

/** A tip bigger than this is a slip of the finger, whatever the order: the customer is asked to check it. */
export const MAX_TIP_CENTS = 50_000;

/** The most tip percentages a shop offers as buttons, so checkout's row fits a phone. */
export const MAX_TIP_PERCENTAGES = 4;
/** The percentages a shop may offer, whole from 1 to 50. */
export const TIP_PERCENT = { min: 1, max: 50 } as const;

/**
 * A shop's tips (retailerInfo.tips, issue 30): the percentages checkout offers as buttons, in the
 * shop's order; an amount of the customer's own is always offered beside them. Absent, the shop
 * takes no tips and checkout offers none.
 */
export const tipSettingsSchema = z.object({
  percentages: z
    .array(z.int().min(TIP_PERCENT.min).max(TIP_PERCENT.max))
    .max(MAX_TIP_PERCENTAGES)
    .refine((list) => new Set(list).size === list.length, 'each percentage once'),
});

/** What the customer chose at checkout: no tip, one of the shop's percentages, or an amount of their own (dollars). */
export const tipChoiceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('percent'), percent: z.int().min(TIP_PERCENT.min).max(TIP_PERCENT.max) }),
  z.object({ kind: z.literal('amount'), amount: nonNegativeDollars }),
]);

export type TipSettings = z.infer<typeof tipSettingsSchema>;
export type TipChoice = z.infer<typeof tipChoiceSchema>;

export const NO_TIP: TipChoice = { kind: 'none' };

export type TipOutcome = { ok: true; cents: number; percent: number | null } | { ok: false; message: string };

/** The most a tip may be on food worth `foodCents`: the food itself, and never above MAX_TIP_CENTS. */
export function maxTipCents(foodCents: number): number {
  return Math.max(0, Math.min(foodCents, MAX_TIP_CENTS));
}

/**
 * The tip in integer cents, or why it cannot be taken. The rule: a percentage tip is that share of
 * the food after the specials' discounts (`foodCents` = subtotal − discount; the delivery fee is
 * the shop's, not tipped), rounded to the nearest cent, half up; an own amount is taken as given.
 * Either is refused when the shop takes no tips, when the percentage is not one the shop offers,
 * or when it comes to more than maxTipCents. Checkout shows it and place-order / pay-online
 * recompute it with the same function, so what the customer saw is what is stored and charged.
 */
export function tipFor(choice: TipChoice, foodCents: number, settings: TipSettings | undefined): TipOutcome {
  if (choice.kind === 'none') return { ok: true, cents: 0, percent: null };
  if (!settings) return { ok: false, message: 'This shop does not take tips online.' };
  let cents: number;
  if (choice.kind === 'percent') {
    if (!settings.percentages.includes(choice.percent))
      return { ok: false, message: `This shop does not offer a ${choice.percent}% tip. Please choose the tip again.` };
    cents = Math.round((Math.max(0, foodCents) * choice.percent) / 100);
  } else {
    cents = toCents(choice.amount);
  }
  const most = maxTipCents(foodCents);
  if (cents > most)
    return {
      ok: false,
      message: `A tip can be at most ${formatMoney(most)} on this order. Please choose a smaller tip.`,
    };
  return { ok: true, cents, percent: choice.kind === 'percent' ? choice.percent : null };
}

/**
 * The amount a customer typed as their own tip ("5", "4.50", "$4.50"): no tip when left empty,
 * null when it is not an amount in dollars and cents.
 */
export function ownTipChoice(typed: string): TipChoice | null {
  const text = typed.trim().replace(/^\$/, '');
  if (text === '') return NO_TIP;
  if (!/^\d+(\.\d{0,2})?$/.test(text)) return null;
  const parsed = tipChoiceSchema.safeParse({ kind: 'amount', amount: Number(text) });
  return parsed.success ? parsed.data : null;
}

/** "Tip (15%)" or "Tip": how the receipt, the ticket and Stripe's line name it. */
export function tipLabel(percent: number | null): string {
  return percent === null ? 'Tip' : `Tip (${percent}%)`;
}
