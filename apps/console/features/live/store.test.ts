import { beforeEach, describe, expect, it } from 'vitest';
import type { LiveState } from '../../../../lib/api/live-state-contract.ts';
import { staffMessages } from '../../shell/messages.ts';
import { EVENING, json, memoryStorage, owner, scriptedApi, signInAnswer } from '../../shell/test-fixtures.ts';
import { endSession, setConsoleEnvironment, signIn } from '../../shell/store.ts';
import { $livePanel, changeService, changeSoldOut, refreshLivePanel } from './store.ts';

const open = { waitMinutes: 30, mode: 'open', until: null } as const;
const state: LiveState = {
  pickup: open,
  delivery: open,
  soldOut: { productIds: [], productGroupIds: [], until: null },
};
const paused: LiveState = {
  ...state,
  delivery: { waitMinutes: 45, mode: 'paused', until: '2026-11-25T09:30:00.000Z' },
};
const menu = { groups: [{ productGroupId: 1, name: 'Pizzas', products: [{ productId: 101, name: 'Margherita' }] }] };

const storage = memoryStorage();
let api: ReturnType<typeof scriptedApi>;
beforeEach(async () => {
  setConsoleEnvironment({ storage: () => storage, now: () => EVENING });
  endSession(null);
  api = scriptedApi();
  api.answer('POST /staff/sign-in', json(200, signInAnswer));
  await signIn(api.client, { retailer: 'bella-napoli', email: owner.email, password: 'bella-napoli-owner' });
});

describe('the Live panel’s state', () => {
  it('reads the state and the menu, and the menu only once', async () => {
    api.answer('GET /staff/live-state', json(200, { liveState: state }), json(200, { liveState: paused }));
    api.answer('GET /staff/menu', json(200, menu));
    await refreshLivePanel(api.client);
    await refreshLivePanel(api.client);
    expect($livePanel.get()).toMatchObject({ liveState: paused, menu, problem: null });
    expect(api.sent.filter((call) => call.key === 'GET /staff/menu')).toHaveLength(1);
  });

  it('a change shows what the server saved, and says when open pages could not be told at once', async () => {
    api.answer('PUT /staff/live-state/delivery', json(200, { liveState: paused, published: false }));
    await changeService(api.client, 'delivery', paused.delivery);
    expect(api.sent.at(-1)).toEqual({ key: 'PUT /staff/live-state/delivery', body: paused.delivery });
    expect($livePanel.get()).toMatchObject({
      liveState: paused,
      saving: null,
      notice: {
        ok: false,
        text: 'Saved: Delivery paused, 45 min wait. Open shop pages could not be told at once; they show it within a minute.',
      },
    });
  });

  it('a refused change keeps what was there and gives the server’s reason', async () => {
    api.answer('GET /staff/live-state', json(200, { liveState: state }));
    api.answer('GET /staff/menu', json(200, menu));
    await refreshLivePanel(api.client);
    api.answer(
      'PUT /staff/live-state/sold-out',
      json(422, { error: "productId 7 is not on this shop's menu." }),
      new TypeError('Failed to fetch'),
    );
    await changeSoldOut(api.client, { productId: 7, soldOut: true }, 'Ghost pizza');
    expect($livePanel.get()).toMatchObject({
      liveState: state,
      notice: { ok: false, text: "Not saved: productId 7 is not on this shop's menu." },
    });
    await changeSoldOut(api.client, { productId: 7, soldOut: true }, 'Ghost pizza');
    expect($livePanel.get().notice).toEqual({ ok: false, text: `Not saved: ${staffMessages.unreachable}` });
  });

  it('a failed read says why; signing out forgets the shop’s state', async () => {
    api.answer('GET /staff/live-state', json(500, {}));
    api.answer('GET /staff/menu', json(200, menu));
    await refreshLivePanel(api.client);
    expect($livePanel.get().problem).toBe(staffMessages.serverFault);
    endSession(null);
    expect($livePanel.get()).toEqual({ liveState: null, menu: null, problem: null, saving: null, notice: null });
  });
});
