import { describe, expect, it } from 'vitest';
import { retailerInfoSchema } from '../../tenant/retailer.ts';
import { NO_TIPS, tipsPart, tipsValueSchema, type TipsValue } from './tips.ts';

const usual: TipsValue = { offered: true, percentages: [10, 15, 20] };
const ownOnly: TipsValue = { offered: true, percentages: [] };

describe('tips part', () => {
  it('is off for a shop that has not set it: checkout offers no tip', () => {
    expect(retailerInfoSchema.parse({ name: 'Shop' }).tips).toBeUndefined();
  });

  it.each<[string, unknown, boolean]>([
    ['off', NO_TIPS, true],
    ['the usual three', usual, true],
    ['an own amount only', ownOnly, true],
    ['four, the most checkout shows', { offered: true, percentages: [5, 10, 15, 50] }, true],
    ['five', { offered: true, percentages: [5, 10, 15, 20, 25] }, false],
    ['no percent', { offered: true, percentages: [0] }, false],
    ['more than half', { offered: true, percentages: [51] }, false],
    ['part of a percent', { offered: true, percentages: [12.5] }, false],
    ['the same twice', { offered: true, percentages: [15, 15] }, false],
    ['on without percentages', { offered: true }, false],
    ['off with percentages', { offered: false, percentages: [10] }, false],
    ['neither on nor off', { percentages: [10] }, false],
  ])('%s is accepted: %s', (_case, value, ok) => {
    expect(tipsValueSchema.safeParse(value).success).toBe(ok);
  });

  it.each<[TipsValue, TipsValue, string[]]>([
    [NO_TIPS, NO_TIPS, []],
    [usual, { offered: true, percentages: [10, 15, 20] }, []],
    [NO_TIPS, usual, ['Checkout offers no tips → 10%, 15%, 20% or an amount of the customer’s own']],
    [usual, NO_TIPS, ['Checkout offers 10%, 15%, 20% or an amount of the customer’s own → no tips']],
    [
      usual,
      { offered: true, percentages: [20, 15, 10] },
      [
        'Checkout offers 10%, 15%, 20% or an amount of the customer’s own → 20%, 15%, 10% or an amount of the customer’s own',
      ],
    ],
    [
      usual,
      ownOnly,
      ['Checkout offers 10%, 15%, 20% or an amount of the customer’s own → only an amount of the customer’s own'],
    ],
  ])('describes %j → %j', (from, to, lines) => {
    expect(tipsPart.describe(from, to)).toEqual(lines);
  });

  const raw = { retailerId: 1, retailerInfo: { name: 'Shop', phone: '1' }, retailerCSS: {} };
  const set = { ...raw, retailerInfo: { name: 'Shop', phone: '1', tips: { percentages: [10, 15, 20] } } };
  const before = { ...raw, retailerInfo: { name: 'Shop', tips: { percentages: [10, 15, 20] }, phone: '1' } };

  it.each<[string, unknown, TipsValue, unknown]>([
    ['leaves a file without the key alone when off', raw, NO_TIPS, raw],
    ['sets the key after the others, keeping their order', raw, usual, set],
    ['takes the key out when turned off, so the file is as before', set, NO_TIPS, raw],
    ['leaves the same percentages alone', before, usual, before],
    [
      'changes the percentages in their place',
      before,
      { offered: true, percentages: [5] },
      { ...raw, retailerInfo: { name: 'Shop', tips: { percentages: [5] }, phone: '1' } },
    ],
    ['answers undefined for a file of another shape', { retailerInfo: 'no' }, usual, undefined],
  ])('%s', (_case, file, value, written) => {
    const out = tipsPart.write(file, value);
    expect(out).toEqual(written);
    if (written !== undefined) expect(JSON.stringify(out)).toBe(JSON.stringify(written));
  });
});
