import { describe, expect, it } from 'vitest';
import {
  maxTipCents,
  ownTipChoice,
  tipChoiceSchema,
  tipFor,
  tipLabel,
  tipSettingsSchema,
  type TipChoice,
} from './tip.ts';

const shop = { percentages: [10, 15, 20] };

describe('tipFor', () => {
  it.each<[string, TipChoice, number, typeof shop | undefined, ReturnType<typeof tipFor>]>([
    ['no tip', { kind: 'none' }, 4_500, shop, { ok: true, cents: 0, percent: null }],
    ['no tip at a shop without tips', { kind: 'none' }, 4_500, undefined, { ok: true, cents: 0, percent: null }],
    ['15% of $45.00', { kind: 'percent', percent: 15 }, 4_500, shop, { ok: true, cents: 675, percent: 15 }],
    [
      '10% rounds half up: $24.55 → $2.46',
      { kind: 'percent', percent: 10 },
      2_455,
      shop,
      { ok: true, cents: 246, percent: 10 },
    ],
    [
      '15% rounds down: $24.51 → $3.68',
      { kind: 'percent', percent: 15 },
      2_451,
      shop,
      { ok: true, cents: 368, percent: 15 },
    ],
    ['20% of nothing is nothing', { kind: 'percent', percent: 20 }, 0, shop, { ok: true, cents: 0, percent: 20 }],
    ['an own amount', { kind: 'amount', amount: 5 }, 4_500, shop, { ok: true, cents: 500, percent: null }],
    ['an own amount of zero', { kind: 'amount', amount: 0 }, 4_500, shop, { ok: true, cents: 0, percent: null }],
    [
      'an own amount equal to the food',
      { kind: 'amount', amount: 45 },
      4_500,
      shop,
      { ok: true, cents: 4_500, percent: null },
    ],
    [
      'an own amount above the food',
      { kind: 'amount', amount: 45.01 },
      4_500,
      shop,
      { ok: false, message: 'A tip can be at most $45.00 on this order. Please choose a smaller tip.' },
    ],
    [
      'an own amount above the fixed cap on a large order',
      { kind: 'amount', amount: 600 },
      90_000,
      shop,
      { ok: false, message: 'A tip can be at most $500.00 on this order. Please choose a smaller tip.' },
    ],
    [
      'a percentage the shop does not offer',
      { kind: 'percent', percent: 50 },
      4_500,
      shop,
      { ok: false, message: 'This shop does not offer a 50% tip. Please choose the tip again.' },
    ],
    [
      'a tip at a shop without tips',
      { kind: 'amount', amount: 2 },
      4_500,
      undefined,
      { ok: false, message: 'This shop does not take tips online.' },
    ],
    [
      'a percentage capped by the fixed maximum',
      { kind: 'percent', percent: 20 },
      300_000,
      { percentages: [20] },
      { ok: false, message: 'A tip can be at most $500.00 on this order. Please choose a smaller tip.' },
    ],
  ])('%s', (_case, choice, foodCents, settings, outcome) => {
    expect(tipFor(choice, foodCents, settings)).toEqual(outcome);
  });
});

describe('maxTipCents', () => {
  it.each([
    [4_500, 4_500],
    [50_000, 50_000],
    [80_000, 50_000],
    [-100, 0],
  ])('on food of %i cents, at most %i', (food, most) => {
    expect(maxTipCents(food)).toBe(most);
  });
});

describe('the schemas', () => {
  it.each([
    [{ kind: 'amount', amount: -1 }, false],
    [{ kind: 'amount', amount: 1.005 }, false],
    [{ kind: 'percent', percent: 12.5 }, false],
    [{ kind: 'percent', percent: 0 }, false],
    [{ kind: 'percent', percent: 15 }, true],
    [{ kind: 'tip-jar' }, false],
  ])('tip choice %j parses: %s', (choice, parses) => {
    expect(tipChoiceSchema.safeParse(choice).success).toBe(parses);
  });

  it.each([
    [{ percentages: [10, 15, 20] }, true],
    [{ percentages: [] }, true],
    [{ percentages: [15, 15] }, false],
    [{ percentages: [10, 15, 20, 25, 30] }, false],
    [{ percentages: [0] }, false],
    [{ percentages: [75] }, false],
  ])('tip settings %j parse: %s', (settings, parses) => {
    expect(tipSettingsSchema.safeParse(settings).success).toBe(parses);
  });

  it('names the tip by its percentage when it had one', () => {
    expect([tipLabel(15), tipLabel(null)]).toEqual(['Tip (15%)', 'Tip']);
  });
});

describe('ownTipChoice', () => {
  it.each<[string, TipChoice | null]>([
    ['5', { kind: 'amount', amount: 5 }],
    ['4.50', { kind: 'amount', amount: 4.5 }],
    [' $4.5 ', { kind: 'amount', amount: 4.5 }],
    ['4.', { kind: 'amount', amount: 4 }],
    ['', { kind: 'none' }],
    ['0', { kind: 'amount', amount: 0 }],
    ['-3', null],
    ['4.505', null],
    ['five', null],
    ['1e3', null],
    ['4,50', null],
  ])('"%s"', (typed, choice) => {
    expect(ownTipChoice(typed)).toEqual(choice);
  });
});
