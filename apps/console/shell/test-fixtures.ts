import type { BoardOrder, StaffMember, StaffSignInResponse } from '../../../lib/api/staff-contract.ts';
import { createStaffClient, type FetchLike } from './client.ts';
import type { StorageLike } from './session.ts';
import { consoleToken, expireSession } from './store.ts';

/** Contract-shaped answers for the console's tests, on a fixed evening: Wednesday 25 November 2026 in Melbourne. */
export const EVENING = new Date('2026-11-25T08:00:00Z');

export const owner: StaffMember = {
  staffId: 1,
  name: 'Rosa Esposito',
  email: 'owner@bella-napoli.test',
  role: 'owner',
  retailer: { slug: 'bella-napoli', name: 'Bella Napoli', retailerId: 111, zone: 0 },
};

export const signInAnswer: StaffSignInResponse = {
  token: 'staff-token-1',
  expiresAt: '2026-11-25T20:00:00.000Z',
  staff: owner,
};

/** An order placed `minutesAgo` before EVENING; the rest as the test overrides. */
export function boardOrder(orderNumber: number, minutesAgo: number, overrides: Partial<BoardOrder> = {}): BoardOrder {
  return {
    encryptedOrderId: `enc-${orderNumber}`,
    orderNumber,
    placedAt: new Date(EVENING.getTime() - minutesAgo * 60_000).toISOString(),
    dueAt: null,
    promisedAt: null,
    runningLateUntil: null,
    orderType: 'pickup',
    customer: { name: 'Grace Hopper', phone: '0400 111 222', email: 'grace@example.com' },
    address: null,
    lines: ['1 × Large Margherita'],
    notes: null,
    totalCents: 2450,
    tipCents: 0,
    promoCode: null,
    promoSavingCents: 0,
    paymentMethod: 'cash',
    state: 'new',
    autoAccepted: false,
    ...overrides,
  };
}

/** The staff API as the test scripts it, one queue of answers per method and path, and what each call sent. */
export function scriptedApi() {
  const queued = new Map<string, (Response | Error)[]>();
  const sent: { key: string; body: unknown }[] = [];
  const fetch: FetchLike = async (url, init) => {
    const key = `${init.method} ${new URL(url).pathname}`;
    sent.push({ key, body: typeof init.body === 'string' ? JSON.parse(init.body) : null });
    const next = queued.get(key)?.shift();
    if (!next) throw new Error(`nothing queued for ${key}`);
    if (next instanceof Error) throw next;
    return next;
  };
  const client = createStaffClient({
    baseUrl: 'http://api.test',
    token: consoleToken,
    onUnauthorized: expireSession,
    fetch,
  });
  return {
    client,
    sent,
    answer: (key: string, ...answers: (Response | Error)[]) =>
      queued.set(key, [...(queued.get(key) ?? []), ...answers]),
  };
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A tab's sessionStorage, in memory. */
export function memoryStorage(): StorageLike {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}
