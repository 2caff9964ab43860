import { beforeEach, describe, expect, it } from 'vitest';
import { owner } from '../../shell/test-fixtures.ts';
import { $consoleSession } from '../../shell/store.ts';
import { $shopTyping, forgetPartProblems, forgetTyping, typedPart, typedPrice, typingFor } from './store.ts';

const signIn = (token: string) =>
  $consoleSession.set({ kind: 'signed-in', session: { token, expiresAt: '2026-11-24T20:00:00.000Z' }, staff: owner });
const closedFriday = [
  { day: 5, openingTimeStart: null, openingTimeEnd: null, deliveryTimeStart: null, deliveryTimeEnd: null },
];

describe('what the owner typed in the Shop view', () => {
  beforeEach(() => {
    signIn('token-a');
    forgetTyping();
  });

  it('is kept for the revision it was typed over while the owner looks elsewhere', () => {
    typedPrice(4, '101:12', '19.50');
    typedPart(4, 'tradingHours', closedFriday, []);
    expect(typingFor(4)).toEqual({
      revision: 4,
      prices: new Map([['101:12', '19.50']]),
      parts: { tradingHours: closedFriday },
      problems: { tradingHours: [] },
    });
  });

  it('starts again from the shop when the shop changed since (another owner saved)', () => {
    typedPrice(4, '101:12', '19.50');
    expect(typingFor(5)).toEqual({ revision: 5, prices: new Map(), parts: {}, problems: {} });
    typedPrice(5, '101:12', '21.00');
    expect(typingFor(5).prices).toEqual(new Map([['101:12', '21.00']]));
  });

  it('drops what the editors said of half-typed text when they close, and keeps the values', () => {
    typedPart(4, 'tradingHours', closedFriday, ['Friday, shift 1: Open from: enter a time']);
    forgetPartProblems();
    expect(typingFor(4)).toMatchObject({ parts: { tradingHours: closedFriday }, problems: {} });
  });

  it('is never shown to whoever signs in next on the device', () => {
    typedPrice(4, '101:12', '19.50');
    signIn('token-b');
    expect($shopTyping.get()).toBeNull();
    expect(typingFor(4).prices.size).toBe(0);
  });
});
