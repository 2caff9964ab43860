import { beforeEach, describe, expect, it } from 'vitest';
import { boardCards } from '../features/board/board.ts';
import { dueText } from '../features/board/format.ts';
import { createStaffClient, type FetchLike, type StaffClient } from './client.ts';
import { staffMessages } from './messages.ts';
import { SESSION_STORAGE_KEY } from './session-mark.ts';
import { $shopZone, setShopZone } from './shop-zone.ts';
import { readSession, saveSession, type StorageLike } from './session.ts';
import { readRememberedShop } from './remembered-shop.ts';
import { boardOrder, EVENING, owner, signInAnswer } from './test-fixtures.ts';
import {
  $board,
  $boardSync,
  $consoleSession,
  consoleToken,
  endSession,
  expireSession,
  refreshBoard,
  resumeSession,
  runOrderAction,
  setConsoleEnvironment,
  signIn,
  signOut,
} from './store.ts';

type Answer = Response | Error | Promise<Response>;

/** The staff API as the test scripts it: each call takes the next answer queued for its method and path. */
function scriptedApi() {
  const queued = new Map<string, Answer[]>();
  const calls: string[] = [];
  const bodies: unknown[] = [];
  const fetch: FetchLike = async (url, init) => {
    const key = `${init.method} ${new URL(url).pathname}`;
    calls.push(key);
    bodies.push(typeof init.body === 'string' ? JSON.parse(init.body) : undefined);
    const next = queued.get(key)?.shift();
    if (!next) throw new Error(`nothing queued for ${key}`);
    if (next instanceof Error) throw next;
    return next;
  };
  const client: StaffClient = createStaffClient({
    baseUrl: 'http://api.test',
    token: consoleToken,
    onUnauthorized: expireSession,
    fetch,
  });
  return {
    client,
    calls,
    bodies,
    answer(key: string, ...answers: Answer[]) {
      queued.set(key, [...(queued.get(key) ?? []), ...answers]);
    },
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An answer the test releases when it chooses, to look at the board while a call is under way. */
function held() {
  let release: (response: Response) => void = () => {};
  const response = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { response, release };
}

let items: Map<string, string>;
const storage: StorageLike = {
  getItem: (key) => items.get(key) ?? null,
  setItem: (key, value) => void items.set(key, value),
  removeItem: (key) => void items.delete(key),
};
let deviceItems: Map<string, string>;
const deviceStorage: StorageLike = {
  getItem: (key) => deviceItems.get(key) ?? null,
  setItem: (key, value) => void deviceItems.set(key, value),
  removeItem: (key) => void deviceItems.delete(key),
};

beforeEach(() => {
  items = new Map();
  deviceItems = new Map();
  setConsoleEnvironment({
    storage: () => storage,
    deviceStorage: () => deviceStorage,
    now: () => EVENING,
  });
  endSession(null);
});

async function signedIn(api: ReturnType<typeof scriptedApi>) {
  api.answer('POST /staff/sign-in', json(200, signInAnswer));
  await signIn(api.client, { retailer: 'bella-napoli', email: owner.email, password: 'bella-napoli-owner' });
}

describe('signing in', () => {
  it('keeps only the token and its end in storage, and the staff member in memory', async () => {
    const api = scriptedApi();
    await signedIn(api);
    expect($consoleSession.get()).toEqual({
      kind: 'signed-in',
      session: { token: 'staff-token-1', expiresAt: signInAnswer.expiresAt },
      staff: owner,
    });
    expect([...items.keys()]).toEqual([SESSION_STORAGE_KEY]);
    expect(items.get(SESSION_STORAGE_KEY)).not.toContain(owner.email);
  });

  it('keeps the device token of a good sign-in beyond the tab and sends it with the next sign-in, after signing out too', async () => {
    const api = scriptedApi();
    const device = 'd'.repeat(43);
    api.answer('POST /staff/sign-in', json(200, { ...signInAnswer, device }));
    await signIn(api.client, { retailer: 'bella-napoli', email: owner.email, password: 'bella-napoli-owner' });
    expect(api.bodies[0]).not.toHaveProperty('device');
    endSession(null);
    expect(items.size).toBe(0);
    api.answer('POST /staff/sign-in', json(200, { ...signInAnswer, device }));
    await signIn(api.client, { retailer: 'bella-napoli', email: owner.email, password: 'bella-napoli-owner' });
    expect(api.bodies[1]).toEqual({
      retailer: 'bella-napoli',
      email: owner.email,
      password: 'bella-napoli-owner',
      device,
    });
  });

  it('remembers the shop by its name on the device, for the next sign-in’s form, and keeps it after signing out', async () => {
    const api = scriptedApi();
    await signedIn(api);
    expect(readRememberedShop(deviceStorage)).toBe('Bella Napoli');
    endSession(null);
    expect(readRememberedShop(deviceStorage)).toBe('Bella Napoli');
    expect(readRememberedShop(undefined)).toBe('');
  });

  it("answers the API's words when it refuses, and stays signed out", async () => {
    const api = scriptedApi();
    api.answer('POST /staff/sign-in', json(401, { error: 'Email or password is wrong.' }));
    await expect(signIn(api.client, { retailer: 'bella-napoli', email: owner.email, password: 'wrong' })).resolves.toBe(
      'Email or password is wrong.',
    );
    expect($consoleSession.get()).toEqual({ kind: 'signed-out', notice: null });
    expect(items.size).toBe(0);
  });
});

describe("the shop's clock", () => {
  // 2026-11-25T13:30Z: 9:30 pm in Perth, 12:30 am the next day in Melbourne, whatever zone runs the tests.
  const perthOwner = { ...owner, retailer: { ...owner.retailer, zone: 'Australia/Perth' } };
  const due = { dueAt: '2026-11-25T13:30:00.000Z' };

  it.each([
    ['signing in', 'sign-in'],
    ['opening the console again', 'resume'],
  ] as const)("is the signed-in shop's after %s, so the board says the Perth kitchen's Due", async (_, how) => {
    const api = scriptedApi();
    if (how === 'sign-in') {
      api.answer('POST /staff/sign-in', json(200, { ...signInAnswer, staff: perthOwner }));
      await signIn(api.client, { retailer: 'harbour-pizza', email: owner.email, password: 'harbour-pizza-owner' });
    } else {
      saveSession(storage, { token: 'staff-token-1', expiresAt: signInAnswer.expiresAt });
      api.answer('GET /staff/me', json(200, { staff: perthOwner }));
      await resumeSession(async () => api.client);
    }
    expect($shopZone.get()).toBe('Australia/Perth');
    expect(dueText(due, EVENING)).toBe('9:30 pm');
    setShopZone(0);
    expect(dueText(due, EVENING)).toBe('Thu 26 Nov, 12:30 am');
  });
});

describe('opening the console again', () => {
  it('shows sign-in when nothing was saved', async () => {
    await resumeSession(async () => scriptedApi().client);
    expect($consoleSession.get()).toEqual({ kind: 'signed-out', notice: null });
  });

  it('asks the server who the saved token belongs to, and opens the board', async () => {
    saveSession(storage, { token: 'staff-token-1', expiresAt: signInAnswer.expiresAt });
    const api = scriptedApi();
    api.answer('GET /staff/me', json(200, { staff: owner }));
    await resumeSession(async () => api.client);
    expect($consoleSession.get()).toMatchObject({ kind: 'signed-in', staff: owner });
  });

  it('goes back to sign-in saying why when the session has ended, by its clock or by the server', async () => {
    saveSession(storage, { token: 'staff-token-1', expiresAt: '2026-11-25T07:00:00.000Z' });
    await resumeSession(async () => scriptedApi().client);
    expect($consoleSession.get()).toEqual({ kind: 'signed-out', notice: staffMessages.sessionEnded });

    saveSession(storage, { token: 'staff-token-1', expiresAt: signInAnswer.expiresAt });
    const api = scriptedApi();
    api.answer('GET /staff/me', json(401, { error: 'Session expired' }));
    await resumeSession(async () => api.client);
    expect($consoleSession.get()).toEqual({ kind: 'signed-out', notice: staffMessages.sessionEnded });
    expect(items.size).toBe(0);
  });

  it('keeps the token for another try when the server cannot be reached', async () => {
    saveSession(storage, { token: 'staff-token-1', expiresAt: signInAnswer.expiresAt });
    const api = scriptedApi();
    api.answer('GET /staff/me', new TypeError('Failed to fetch'));
    await resumeSession(async () => api.client);
    expect($consoleSession.get()).toMatchObject({ kind: 'unreachable', message: staffMessages.unreachable });
    expect(readSession(storage, EVENING).kind).toBe('valid');
  });
});

describe('signing out', () => {
  it('tells the server, then forgets the token and the board here', async () => {
    const api = scriptedApi();
    await signedIn(api);
    api.answer('GET /staff/orders', json(200, { orders: [boardOrder(1042, 2)] }));
    await refreshBoard(api.client);
    api.answer('POST /staff/sign-out', new Response(null, { status: 204 }));
    await signOut(api.client);
    expect($consoleSession.get()).toEqual({ kind: 'signed-out', notice: 'You are signed out.' });
    expect($board.get().orders).toEqual([]);
    expect(items.size).toBe(0);
  });

  it('forgets the token here even when the server cannot be told, and says until when it stays valid', async () => {
    const api = scriptedApi();
    await signedIn(api);
    api.answer('POST /staff/sign-out', new TypeError('Failed to fetch'));
    await signOut(api.client);
    const session = $consoleSession.get();
    expect(session.kind === 'signed-out' && session.notice).toBe(
      'Signed out on this device. The server could not be told, so the session ends by itself at Thu 26 Nov, 7:00 am.',
    );
    expect(items.size).toBe(0);
  });
});

describe('the board', () => {
  it('shows the orders and hands back the ones that arrived since the last list', async () => {
    const api = scriptedApi();
    await signedIn(api);
    api.answer(
      'GET /staff/orders',
      json(200, { orders: [boardOrder(1041, 10)] }),
      json(200, { orders: [boardOrder(1042, 1), boardOrder(1041, 10)] }),
    );
    expect(await refreshBoard(api.client)).toEqual([]);
    expect((await refreshBoard(api.client)).map((order) => order.orderNumber)).toEqual([1042]);
    expect($boardSync.get()).toMatchObject({ updatedAt: EVENING.toISOString(), problem: null });
  });

  it('says why a refresh failed and keeps what it showed', async () => {
    const api = scriptedApi();
    await signedIn(api);
    api.answer('GET /staff/orders', json(200, { orders: [boardOrder(1041, 10)] }), new Response('', { status: 503 }));
    await refreshBoard(api.client);
    await refreshBoard(api.client);
    expect($boardSync.get().problem).toBe(staffMessages.serverFault);
    expect($board.get().orders).toHaveLength(1);
  });

  it('does not show a list that arrives after sign-out', async () => {
    const api = scriptedApi();
    await signedIn(api);
    const late = held();
    api.answer('GET /staff/orders', late.response);
    const refreshing = refreshBoard(api.client);
    endSession(null);
    late.release(json(200, { orders: [boardOrder(1042, 1)] }));
    await refreshing;
    expect($board.get().orders).toEqual([]);
  });

  it('sends staff back to sign-in when the session ends under the board', async () => {
    const api = scriptedApi();
    await signedIn(api);
    api.answer('GET /staff/orders', new Response('', { status: 401 }));
    await refreshBoard(api.client);
    expect($consoleSession.get()).toEqual({ kind: 'signed-out', notice: staffMessages.sessionEnded });
    expect(items.size).toBe(0);
  });
});

describe('bump and undo', () => {
  async function boardWith(api: ReturnType<typeof scriptedApi>) {
    await signedIn(api);
    api.answer('GET /staff/orders', json(200, { orders: [boardOrder(1042, 2)] }));
    await refreshBoard(api.client);
  }

  it('shows the accept at once as saving, then as the server saved it', async () => {
    const api = scriptedApi();
    await boardWith(api);
    const answer = held();
    api.answer('POST /staff/orders/enc-1042/stage', answer.response);
    const taking = runOrderAction(api.client, 'enc-1042', 'bump');
    expect(boardCards($board.get(), EVENING)[0]).toMatchObject({ shownState: 'taken', pending: 'bump' });
    answer.release(json(200, { order: boardOrder(1042, 2, { state: 'taken' }) }));
    await taking;
    expect(boardCards($board.get(), EVENING)[0]).toMatchObject({ shownState: 'taken', pending: null, failure: null });
  });

  it('puts the card back with the reason when the call fails', async () => {
    const api = scriptedApi();
    await boardWith(api);
    api.answer('POST /staff/orders/enc-1042/stage', json(409, { error: 'Someone else took it.' }));
    await runOrderAction(api.client, 'enc-1042', 'bump');
    expect(boardCards($board.get(), EVENING)[0]).toMatchObject({
      shownState: 'new',
      pending: null,
      canBump: true,
      failure: { message: 'Could not move this order on: Someone else took it.' },
    });
  });

  it('sends one call for a double tap', async () => {
    const api = scriptedApi();
    await boardWith(api);
    api.answer('POST /staff/orders/enc-1042/stage', json(200, { order: boardOrder(1042, 2, { state: 'taken' }) }));
    await Promise.all([runOrderAction(api.client, 'enc-1042', 'bump'), runOrderAction(api.client, 'enc-1042', 'bump')]);
    expect(api.calls.filter((call) => call.endsWith('/stage'))).toHaveLength(1);
  });

  it('ends the session instead of blaming the order when the token has expired', async () => {
    const api = scriptedApi();
    await boardWith(api);
    api.answer('POST /staff/orders/enc-1042/stage', new Response('', { status: 401 }));
    await runOrderAction(api.client, 'enc-1042', 'bump');
    expect($consoleSession.get()).toEqual({ kind: 'signed-out', notice: staffMessages.sessionEnded });
    expect($board.get().orders).toEqual([]);
  });
});
