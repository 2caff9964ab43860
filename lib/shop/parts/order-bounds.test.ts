import { describe, expect, it } from 'vitest';
import { retailerInfoSchema } from '../../tenant/retailer.ts';
import { orderBoundsPart, orderBoundsValueSchema } from './order-bounds.ts';

const shipped = { maxOrderCents: 100_000, maxOrderItems: 100 };

describe('order limits part', () => {
  it.each([
    ['the defaults', shipped, true],
    ['the lowest', { maxOrderCents: 5_000, maxOrderItems: 5 }, true],
    ['the highest', { maxOrderCents: 1_000_000, maxOrderItems: 500 }, true],
    ['no dollars', { ...shipped, maxOrderCents: 0 }, false],
    ['no items', { ...shipped, maxOrderItems: 0 }, false],
    ['under a family order', { ...shipped, maxOrderCents: 4_999 }, false],
    ['an absurd amount', { ...shipped, maxOrderCents: 1_000_001 }, false],
    ['an absurd count', { ...shipped, maxOrderItems: 501 }, false],
    ['part of an item', { ...shipped, maxOrderItems: 10.5 }, false],
  ])('%s is accepted: %s', (_case, value, ok) => {
    expect(orderBoundsValueSchema.safeParse(value).success).toBe(ok);
  });

  it('reads as the defaults when the shop has not set them', () => {
    const info = retailerInfoSchema.parse({ name: 'Shop' });
    expect({ value: info.maxOrderValue, items: info.maxOrderItems }).toEqual({ value: 1000, items: 100 });
  });

  it.each([
    [shipped, shipped, []],
    [shipped, { ...shipped, maxOrderCents: 25_050 }, ['Online orders up to $1,000.00 → $250.50']],
    [
      shipped,
      { maxOrderCents: 25_000, maxOrderItems: 12 },
      ['Online orders up to $1,000.00 → $250.00', 'Online orders up to 100 items → 12 items'],
    ],
  ])('describes %j → %j', (from, to, lines) => {
    expect(orderBoundsPart.describe(from, to)).toEqual(lines);
  });

  const raw = { retailerId: 1, retailerInfo: { name: 'Shop', phone: '1' }, retailerCSS: {} };
  const set = { ...raw, retailerInfo: { name: 'Shop', maxOrderValue: 1000, maxOrderItems: 100, phone: '1' } };

  it.each([
    ['leaves a file without the keys alone at the defaults', raw, shipped, raw],
    [
      'sets only the key that changed, after the others',
      raw,
      { ...shipped, maxOrderItems: 12 },
      { ...raw, retailerInfo: { name: 'Shop', phone: '1', maxOrderItems: 12 } },
    ],
    [
      'writes dollars where the file keeps them, in their place',
      set,
      { maxOrderCents: 25_050, maxOrderItems: 100 },
      { ...raw, retailerInfo: { name: 'Shop', maxOrderValue: 250.5, maxOrderItems: 100, phone: '1' } },
    ],
    ['answers undefined for a file of another shape', { retailerInfo: 'no' }, shipped, undefined],
  ])('%s', (_case, file, value, written) => {
    const out = orderBoundsPart.write(file, value);
    expect(out).toEqual(written);
    if (written !== undefined) expect(JSON.stringify(out)).toBe(JSON.stringify(written));
  });
});
