import { beforeEach, describe, expect, it } from 'vitest';
import { PROMO_CODES_CHANGED_ELSEWHERE } from '../../../../lib/api/promo-contract.ts';
import type { PromoCode } from '../../../../lib/cart/promo.ts';
import { staffMessages } from '../../shell/messages.ts';
import { $consoleSession, endSession, setConsoleEnvironment, signIn } from '../../shell/store.ts';
import { EVENING, json, memoryStorage, owner, scriptedApi, signInAnswer } from '../../shell/test-fixtures.ts';
import { promoCodeCalls } from './promo-codes-client.ts';
import {
  $promoCodes,
  addPromoCode,
  changePromoCode,
  dismissPromoNotice,
  endPromoCode,
  refreshPromoCodes,
} from './store.ts';

const save5: PromoCode = { code: 'SAVE5', saving: { kind: 'amount', amount: 5 }, maxUses: 1 };
const over: PromoCode = { code: 'OVER', saving: { kind: 'amount', amount: 5 }, endsOn: '2020-01-01' };
const free: PromoCode = { code: 'FREE', saving: { kind: 'freeDelivery' }, minimumOrder: 30 };
const PATH = 'PUT /staff/promo-codes';

const storage = memoryStorage();
let api: ReturnType<typeof scriptedApi>;
let calls: ReturnType<typeof promoCodeCalls>;
beforeEach(async () => {
  setConsoleEnvironment({ storage: () => storage, now: () => EVENING });
  endSession(null);
  api = scriptedApi();
  calls = promoCodeCalls(api.client);
  api.answer('POST /staff/sign-in', json(200, signInAnswer));
  await signIn(api.client, { retailer: 'bella-napoli', email: owner.email, password: 'bella-napoli-owner' });
  api.answer('GET /staff/promo-codes', json(200, { codes: [save5, over], uses: { SAVE5: 1, OVER: 0 } }));
  await refreshPromoCodes(calls);
});

const sentLists = () => api.sent.filter((call) => call.key === PATH).map((call) => call.body);

describe('the shop’s promo codes', () => {
  it('lists the codes with their uses; a failed read says why and keeps them', async () => {
    expect($promoCodes.get()).toMatchObject({ loaded: true, problem: null, codes: [save5, over], uses: { SAVE5: 1 } });
    api.answer('GET /staff/promo-codes', new TypeError('offline'));
    await refreshPromoCodes(calls);
    expect($promoCodes.get()).toMatchObject({ codes: [save5, over], problem: staffMessages.unreachable });
  });

  it('adds, changes and ends a code by sending the whole list, and shows what the server kept', async () => {
    api.answer(PATH, json(200, { codes: [save5, over, free], uses: { SAVE5: 1, OVER: 0, FREE: 0 } }));
    expect(await addPromoCode(calls, free)).toBe(true);
    expect($promoCodes.get()).toMatchObject({
      codes: [save5, over, free],
      saving: false,
      notice: { ok: true, text: 'Added FREE: customers can use it at checkout now.' },
    });

    const raised: PromoCode = { ...free, minimumOrder: 40 };
    api.answer(PATH, json(200, { codes: [save5, over, raised], uses: { SAVE5: 1, OVER: 0, FREE: 0 } }));
    expect(await changePromoCode(calls, 'FREE', raised)).toBe(true);

    api.answer(PATH, json(200, { codes: [over, raised], uses: { OVER: 0, FREE: 0 } }));
    expect(await endPromoCode(calls, 'SAVE5')).toBe(true);
    expect($promoCodes.get()).toMatchObject({
      codes: [over, raised],
      notice: { ok: true, text: 'Ended SAVE5: customers can no longer use it. Its past uses stay counted.' },
    });
    // Each list is sent with the list it was made of, so a change saved elsewhere meanwhile is not undone.
    expect(sentLists()).toEqual([
      { codes: [save5, over, free], before: [save5, over] },
      { codes: [save5, over, raised], before: [save5, over, free] },
      { codes: [over, raised], before: [save5, over, raised] },
    ]);
  });

  it('a refused save keeps the list as it was and says the API’s words, so the form stays open', async () => {
    api.answer(PATH, json(403, { error: 'Only the owner may create, change or end promo codes.' }));
    expect(await addPromoCode(calls, free)).toBe(false);
    expect($promoCodes.get()).toMatchObject({
      codes: [save5, over],
      saving: false,
      notice: { ok: false, text: 'FREE not added: Only the owner may create, change or end promo codes.' },
    });
    api.answer(PATH, json(422, { error: 'codes: each code once' }));
    expect(await endPromoCode(calls, 'OVER')).toBe(false);
    expect($promoCodes.get()).toMatchObject({
      codes: [save5, over],
      notice: { ok: false, text: 'OVER not ended: codes: each code once' },
    });
    dismissPromoNotice();
    expect($promoCodes.get()).toMatchObject({ codes: [save5, over], notice: null });
  });

  it('a save refused because another device changed the list shows their list, keeps the form open, and saves again on it', async () => {
    const theirs: PromoCode = { code: 'THEIRS', saving: { kind: 'amount', amount: 3 } };
    api.answer(PATH, json(409, { error: PROMO_CODES_CHANGED_ELSEWHERE }));
    api.answer('GET /staff/promo-codes', json(200, { codes: [save5, over, theirs], uses: { SAVE5: 1 } }));
    expect(await addPromoCode(calls, free)).toBe(false);
    expect($promoCodes.get()).toMatchObject({
      codes: [save5, over, theirs],
      notice: { ok: false, text: `FREE not added: ${PROMO_CODES_CHANGED_ELSEWHERE}` },
    });
    api.answer(PATH, json(200, { codes: [save5, over, theirs, free], uses: {} }));
    expect(await addPromoCode(calls, free)).toBe(true);
    expect(sentLists().at(-1)).toEqual({ codes: [save5, over, theirs, free], before: [save5, over, theirs] });
  });

  it('sends one save at a time', async () => {
    api.answer(PATH, json(200, { codes: [save5, over, free], uses: {} }));
    const first = addPromoCode(calls, free);
    expect(await endPromoCode(calls, 'OVER')).toBe(false);
    expect(await first).toBe(true);
    expect(sentLists()).toHaveLength(1);
  });

  it('forgets what one session saw when it ends, and drops an answer that lands after', async () => {
    api.answer(PATH, json(200, { codes: [save5, over, free], uses: {} }));
    const late = addPromoCode(calls, free);
    endSession(null);
    await late;
    expect($consoleSession.get().kind).toBe('signed-out');
    expect($promoCodes.get()).toMatchObject({ loaded: false, codes: [] });
  });
});
