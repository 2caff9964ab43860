import type { BoardOrder, StaffMember, StaffSignInResponse } from '../../../lib/api/staff-contract.ts';

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
    paymentMethod: 'cash',
    state: 'new',
    ...overrides,
  };
}
