import { describe, expect, it } from 'vitest';
import type { PromoCode } from '../../../../lib/cart/promo.ts';
import {
  codeOfForm,
  emptyPromoForm,
  formOfCode,
  limitsText,
  promoFieldMessages,
  savingText,
  usesText,
  type PromoForm,
  type PromoFormErrors,
} from './promo-form.ts';

const form = (fields: Partial<PromoForm>): PromoForm => ({ ...emptyPromoForm, code: 'SAVE5', amount: '5', ...fields });

describe('the promo code form becomes a code through the contract’s schema', () => {
  const made: [string, PromoForm, PromoCode][] = [
    ['$ off, no limits', form({}), { code: 'SAVE5', saving: { kind: 'amount', amount: 5 } }],
    [
      'code typed in lower case with spaces, cents typed with a $',
      form({ code: ' save5 ', amount: '$4.5' }),
      { code: 'SAVE5', saving: { kind: 'amount', amount: 4.5 } },
    ],
    [
      'percent off, for pickup only, Mondays and Tuesdays 5 to 9 pm',
      form({ kind: 'percent', percent: '10', services: ['pickup'], weekdays: [2, 1], from: '17:00', to: '21:00' }),
      {
        code: 'SAVE5',
        saving: { kind: 'percent', percent: 10 },
        services: ['pickup'],
        weekdays: [1, 2],
        from: '17:00',
        to: '21:00',
      },
    ],
    [
      'free delivery never carries services (delivery is its own)',
      form({ kind: 'freeDelivery', services: ['pickup'], minimumOrder: '30' }),
      { code: 'SAVE5', saving: { kind: 'freeDelivery' }, minimumOrder: 30 },
    ],
    [
      'a last day, a total of uses, once per customer',
      form({ endsOn: '2026-12-24', maxUses: '100', oncePerCustomer: true }),
      {
        code: 'SAVE5',
        saving: { kind: 'amount', amount: 5 },
        endsOn: '2026-12-24',
        maxUses: 100,
        oncePerCustomer: true,
      },
    ],
  ];
  it.each(made)('%s', (_case, typed, code) => {
    expect(codeOfForm(typed, [])).toEqual({ ok: true, code });
  });

  const refused: [string, PromoForm, PromoFormErrors][] = [
    ['a code too short', form({ code: 'AB' }), { code: promoFieldMessages.code }],
    ['a code with a space inside', form({ code: 'SAVE 5' }), { code: promoFieldMessages.code }],
    ['no amount', form({ amount: '' }), { amount: promoFieldMessages.amount }],
    ['an amount of nothing', form({ amount: '0' }), { amount: promoFieldMessages.amount }],
    ['an amount in words', form({ amount: 'five' }), { amount: promoFieldMessages.amount }],
    ['a percent over 100', form({ kind: 'percent', percent: '150' }), { percent: promoFieldMessages.percent }],
    ['a percent with decimals', form({ kind: 'percent', percent: '12.5' }), { percent: promoFieldMessages.percent }],
    ['a minimum that is no price', form({ minimumOrder: '3O' }), { minimumOrder: promoFieldMessages.minimumOrder }],
    ['no day ticked', form({ weekdays: [] }), { weekdays: promoFieldMessages.weekdays }],
    ['no service ticked', form({ services: [] }), { services: promoFieldMessages.services }],
    ['a start with no end', form({ from: '17:00' }), { to: promoFieldMessages.to }],
    ['no uses', form({ maxUses: '0' }), { maxUses: promoFieldMessages.maxUses }],
    ['half a use', form({ maxUses: '1.5' }), { maxUses: promoFieldMessages.maxUses }],
    [
      'several fields at once',
      form({ code: '', amount: '', maxUses: 'lots' }),
      { code: promoFieldMessages.code, amount: promoFieldMessages.amount, maxUses: promoFieldMessages.maxUses },
    ],
    [
      'a start with no end and an amount in words: both said at once',
      form({ amount: 'five', from: '17:00' }),
      { amount: promoFieldMessages.amount, to: promoFieldMessages.to },
    ],
  ];
  it.each(refused)('refuses %s on its field', (_case, typed, errors) => {
    expect(codeOfForm(typed, [])).toEqual({ ok: false, errors });
  });

  it('refuses a code the shop already has, whatever the case typed', () => {
    expect(codeOfForm(form({ code: 'save5' }), ['SAVE5', 'OVER'])).toEqual({
      ok: false,
      errors: { code: "SAVE5 is already one of the shop's codes: choose another or change that one." },
    });
  });

  const saved: PromoCode[] = [
    { code: 'SAVE5', saving: { kind: 'amount', amount: 4.5 } },
    {
      code: 'TEN',
      saving: { kind: 'percent', percent: 10 },
      minimumOrder: 30,
      weekdays: [5, 0],
      from: '17:00',
      to: '21:00',
      services: ['delivery'],
      endsOn: '2026-12-24',
      maxUses: 3,
      oncePerCustomer: true,
    },
    { code: 'FREE', saving: { kind: 'freeDelivery' } },
  ];
  it.each(saved)('opens $code to change and saves it back as it was', (code) => {
    expect(codeOfForm(formOfCode(code), [])).toEqual({ ok: true, code });
  });
});

describe('a code in plain words', () => {
  const TODAY = '2026-11-28';
  const cases: [string, PromoCode, string, string[]][] = [
    ['no limits', { code: 'A', saving: { kind: 'amount', amount: 5 } }, '$5.00 off', ['Any order, any time']],
    [
      'every limit',
      {
        code: 'A',
        saving: { kind: 'percent', percent: 10 },
        minimumOrder: 30,
        weekdays: [2, 1],
        from: '17:00',
        to: '21:00',
        services: ['pickup'],
        endsOn: '2026-12-24',
        oncePerCustomer: true,
      },
      '10% off',
      [
        'Orders of $30.00 or more',
        'Mondays and Tuesdays, 5:00 pm - 9:00 pm',
        'Pickup orders only',
        'Last day Thu 24 Dec',
        'One use per customer',
      ],
    ],
    [
      'free delivery, ended years ago',
      { code: 'A', saving: { kind: 'freeDelivery' }, endsOn: '2020-01-01' },
      'Free delivery',
      ['Delivery orders only', 'Ended Wed 1 Jan 2020'],
    ],
    [
      'all day on weekends',
      { code: 'A', saving: { kind: 'amount', amount: 2 }, weekdays: [6, 0] },
      '$2.00 off',
      ['Saturdays and Sundays'],
    ],
  ];
  it.each(cases)('%s', (_case, code, saving, limits) => {
    expect(savingText(code.saving)).toBe(saving);
    expect(limitsText(code, TODAY)).toEqual(limits);
  });

  it.each([
    [0, undefined, '0 used, no limit'],
    [3, 100, '3 of 100 used'],
    [1, 1, '1 of 1 used: used up'],
  ] as const)('%i uses of %s: %s', (uses, maxUses, text) => {
    expect(usesText(uses, maxUses)).toBe(text);
  });
});
