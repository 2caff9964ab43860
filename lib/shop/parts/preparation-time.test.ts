import { describe, expect, it } from 'vitest';
import { DEFAULT_PREPARATION_MINUTES } from '../../kitchen/kitchen-flow.ts';
import { retailerInfoSchema } from '../../tenant/retailer.ts';
import { preparationTimePart, preparationTimeValueSchema } from './preparation-time.ts';

describe('preparation time part', () => {
  it.each([
    [4, false],
    [5, true],
    [20, true],
    [240, true],
    [241, false],
    [12.5, false],
  ])('a value of %s minutes is accepted: %s', (minutes, ok) => {
    expect(preparationTimeValueSchema.safeParse(minutes).success).toBe(ok);
  });

  it('reads as the default when the shop has not set one', () => {
    expect(retailerInfoSchema.parse({ name: 'Shop' }).preparationMinutes).toBe(DEFAULT_PREPARATION_MINUTES);
  });

  it.each([
    [20, 20, []],
    [20, 35, ['Orders for later start 20 minutes → 35 minutes before they are due']],
  ])('describes %s → %s', (from, to, lines) => {
    expect(preparationTimePart.describe(from, to)).toEqual(lines);
  });

  const raw = { retailerId: 1, retailerInfo: { name: 'Shop', phone: '1' }, retailerCSS: {} };

  it.each([
    ['leaves a file without the key alone at the default', raw, DEFAULT_PREPARATION_MINUTES, raw],
    [
      'sets the key after the others, keeping their order',
      raw,
      30,
      { ...raw, retailerInfo: { name: 'Shop', phone: '1', preparationMinutes: 30 } },
    ],
    ['answers undefined for a file of another shape', { retailerInfo: 'no' }, 30, undefined],
  ])('%s', (_case, file, value, written) => {
    const out = preparationTimePart.write(file, value);
    expect(out).toEqual(written);
    if (written !== undefined) expect(JSON.stringify(out)).toBe(JSON.stringify(written));
  });
});
