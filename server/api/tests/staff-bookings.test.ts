import { describe, expect, it } from 'vitest';
import { apiCalls } from '../../../lib/api/contract.ts';
import {
  staffAuditResponseSchema,
  staffBookingResponseSchema,
  staffBookingsResponseSchema,
  type StaffBooking,
} from '../../../lib/api/staff-contract.ts';
import {
  addTestStaff,
  bearer,
  OPEN_NOW,
  onEachStore,
  staffToken,
  TEST_OWNER as owner,
  TEST_KITCHEN as kitchen,
  OTHER_OWNER as otherOwner,
  type CallOptions,
  type TestApi,
} from './support/test-support.ts';

const OTHER_HOST = 'order.otherpizza.example';

/** Bookable times at both fixture shops (open 11:00-22:00 every day, Melbourne), after OPEN_NOW (Tuesday 5 March 2030, 20:00). */
const WEDNESDAY_7PM = '2030-03-06T19:00:00+11:00';
const THURSDAY_NOON = '2030-03-07T12:00:00+11:00';
const FRIDAY_6PM = '2030-03-08T18:00:00+11:00';

await onEachStore(
  ({ api, start }) => {
    let bookingNames = 0;

    async function prepare(target: TestApi): Promise<void> {
      for (const staff of [owner, kitchen]) await addTestStaff(target, 'test-pizza', staff);
      await addTestStaff(target, 'other-pizza', otherOwner);
    }

    /** A customer's booking request from the storefront, as the booking dialog sends it; answers its id. */
    async function book(
      target: TestApi,
      dateTime: string,
      { host, partySize = 4 }: { host?: string; partySize?: number } = {},
    ): Promise<{ bookingId: number; name: string }> {
      const name = `Guest ${(bookingNames += 1)}`;
      const answer = await target.call(apiCalls.requestTableBooking.path, {
        ...(host ? { domain: host } : {}),
        body: { name, phone: '0400 000 000', partySize, dateTime, notes: 'Window seat' },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return { bookingId: apiCalls.requestTableBooking.response.parse(answer.body).bookingId, name };
    }

    const staffCall = (target: TestApi, path: string, token: string | null, options: CallOptions = {}) =>
      target.call(path, {
        domain: null,
        ...options,
        headers: { ...(token === null ? {} : bearer(token)), ...options.headers },
      });
    const listed = async (target: TestApi, token: string, query = ''): Promise<StaffBooking[]> => {
      const answer = await staffCall(target, `/staff/bookings${query}`, token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return staffBookingsResponseSchema.parse(answer.body).bookings;
    };
    const decide = (token: string | null, bookingId: number | string, decision: 'confirm' | 'decline') =>
      staffCall(api, `/staff/bookings/${bookingId}/${decision}`, token, { method: 'POST' });
    const auditOf = async (token: string) =>
      staffAuditResponseSchema.parse((await staffCall(api, '/staff/audit', token)).body).entries;

    let prepared = false;
    async function tokens(): Promise<{ ownerToken: string; kitchenToken: string; otherToken: string }> {
      if (!prepared) {
        await prepare(api);
        prepared = true;
      }
      return {
        ownerToken: await staffToken(api, 'test-pizza', owner),
        kitchenToken: await staffToken(api, 'test-pizza', kitchen),
        otherToken: await staffToken(api, 'other-pizza', otherOwner),
      };
    }

    describe('the bookings list', () => {
      it("shows the retailer's upcoming bookings soonest first, new until answered, to owner and kitchen alike", async () => {
        const fresh = await start();
        await prepare(fresh);
        const friday = await book(fresh, FRIDAY_6PM, { partySize: 2 });
        const wednesday = await book(fresh, WEDNESDAY_7PM);
        // The same instant with another offset is the same slot, sorted by when it is.
        const thursday = await book(fresh, '2030-03-07T01:00:00Z');
        await book(fresh, WEDNESDAY_7PM, { host: OTHER_HOST });
        // Requested when that time was still ahead; it is past now.
        await fresh.db
          .insertInto('table_bookings')
          .values({
            retailer_id: 9001,
            name: 'Past Guest',
            phone: '0400 000 001',
            party_size: 3,
            date_time: '2030-03-05T18:00:00+11:00',
            slot_at: '2030-03-05T07:00:00.000Z',
            notes: '',
            created_at: '2030-03-01T00:00:00.000Z',
          })
          .execute();

        const kitchenToken = await staffToken(fresh, 'test-pizza', kitchen);
        const bookings = await listed(fresh, kitchenToken);
        expect(bookings.map((booking) => booking.name)).toEqual([wednesday.name, thursday.name, friday.name]);
        expect(bookings[0]).toEqual({
          bookingId: wednesday.bookingId,
          name: wednesday.name,
          phone: '0400 000 000',
          partySize: 4,
          dateTime: WEDNESDAY_7PM,
          notes: 'Window seat',
          requestedAt: OPEN_NOW.toISOString(),
          status: 'new',
          decidedBy: null,
          decidedAt: null,
        });
        expect(await listed(fresh, await staffToken(fresh, 'test-pizza', owner))).toEqual(bookings);
        expect(
          (await listed(fresh, kitchenToken, '?from=2030-03-05T00:00:00Z')).map((booking) => booking.name),
        ).toEqual(['Past Guest', wednesday.name, thursday.name, friday.name]);
        expect(
          (await listed(fresh, kitchenToken, `?from=${encodeURIComponent('2030-03-07T12:00:01+11:00')}&limit=1`)).map(
            (booking) => booking.name,
          ),
        ).toEqual([friday.name]);
        expect((await listed(fresh, kitchenToken, '?limit=2')).map((booking) => booking.name)).toEqual([
          wednesday.name,
          thursday.name,
        ]);
      });

      it.each([
        ['limit=0', 'limit'],
        ['limit=201', 'limit'],
        ['limit=ten', 'limit'],
        ['from=tomorrow', 'from'],
        ['from=2030-03-06T19:00:00', 'from'],
      ])('refuses ?%s with 400 naming %s', async (query, field) => {
        const { kitchenToken } = await tokens();
        const answer = await staffCall(api, `/staff/bookings?${query}`, kitchenToken);
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ error: expect.stringContaining(field) });
      });

      it('needs a session', async () => {
        expect((await staffCall(api, '/staff/bookings', null)).status).toBe(401);
        expect((await staffCall(api, '/staff/bookings', 'not-a-token')).status).toBe(401);
      });
    });

    describe('confirming and declining', () => {
      it('the kitchen confirms: the booking says who and when, and the owner reads it in the audit log', async () => {
        const { kitchenToken, ownerToken } = await tokens();
        const { bookingId, name } = await book(api, THURSDAY_NOON);
        const answer = await decide(kitchenToken, bookingId, 'confirm');
        expect(answer.status).toBe(200);
        expect(staffBookingResponseSchema.parse(answer.body).booking).toMatchObject({
          bookingId,
          status: 'confirmed',
          decidedBy: 'Kit Chen',
          decidedAt: OPEN_NOW.toISOString(),
        });
        expect((await listed(api, ownerToken)).find((booking) => booking.bookingId === bookingId)?.status).toBe(
          'confirmed',
        );
        expect((await auditOf(ownerToken))[0]).toEqual({
          at: OPEN_NOW.toISOString(),
          staffName: 'Kit Chen',
          action: 'confirm-booking',
          subject: `Booking ${bookingId}: ${name}, 4 people`,
        });
      });

      it('the owner declines one', async () => {
        const { ownerToken } = await tokens();
        const { bookingId, name } = await book(api, THURSDAY_NOON, { partySize: 1 });
        const answer = await decide(ownerToken, bookingId, 'decline');
        expect(staffBookingResponseSchema.parse(answer.body).booking).toMatchObject({
          status: 'declined',
          decidedBy: 'Olive Owner',
        });
        expect((await auditOf(ownerToken))[0]).toMatchObject({
          staffName: 'Olive Owner',
          action: 'decline-booking',
          subject: `Booking ${bookingId}: ${name}, 1 person`,
        });
      });

      it('the same decision twice answers the booking as it is, recorded once; the other decision then is a 409', async () => {
        const { kitchenToken, ownerToken } = await tokens();
        const { bookingId } = await book(api, FRIDAY_6PM);
        const first = await decide(kitchenToken, bookingId, 'confirm');
        const auditBefore = await auditOf(ownerToken);
        const again = await decide(ownerToken, bookingId, 'confirm');
        expect(again.status).toBe(200);
        expect(again.body).toEqual(first.body);
        const refused = await decide(ownerToken, bookingId, 'decline');
        expect(refused).toMatchObject({
          status: 409,
          body: { error: 'This booking was already confirmed by Kit Chen.' },
        });
        expect(await auditOf(ownerToken)).toEqual(auditBefore);
        expect((await listed(api, ownerToken)).find((booking) => booking.bookingId === bookingId)).toMatchObject({
          status: 'confirmed',
          decidedBy: 'Kit Chen',
        });
      });

      it('needs a session', async () => {
        const { bookingId } = await book(api, FRIDAY_6PM);
        expect((await decide(null, bookingId, 'confirm')).status).toBe(401);
        expect((await decide('made-up', bookingId, 'decline')).status).toBe(401);
      });

      it('refuses a body over 8 KB with 413, deciding nothing', async () => {
        const { kitchenToken, ownerToken } = await tokens();
        const { bookingId } = await book(api, FRIDAY_6PM);
        const answer = await staffCall(api, `/staff/bookings/${bookingId}/confirm`, kitchenToken, {
          method: 'POST',
          rawBody: JSON.stringify({ note: 'x'.repeat(9 * 1024) }),
          headers: { 'content-type': 'application/json' },
        });
        expect(answer.status).toBe(413);
        expect((await listed(api, ownerToken)).find((booking) => booking.bookingId === bookingId)?.status).toBe('new');
      });
    });

    describe("one retailer's staff and another's bookings", () => {
      it("replays retailer B's staff against retailer A's bookings: the 404 of an unknown booking, A's list unseen, nothing of A changes", async () => {
        const { otherToken, ownerToken } = await tokens();
        const { bookingId, name } = await book(api, WEDNESDAY_7PM);
        const auditBefore = await auditOf(ownerToken);
        const unknown = await decide(otherToken, 999_999_999, 'confirm');
        expect(unknown).toMatchObject({ status: 404, body: { error: 'Booking not found' } });
        for (const decision of ['confirm', 'decline'] as const) {
          const answer = await decide(otherToken, bookingId, decision);
          expect(answer.status).toBe(unknown.status);
          expect(answer.body).toEqual(unknown.body);
        }
        expect((await listed(api, otherToken, '?limit=200')).map((booking) => booking.name)).not.toContain(name);
        expect(
          (await listed(api, ownerToken, '?limit=200')).find((booking) => booking.bookingId === bookingId)?.status,
        ).toBe('new');
        expect(await auditOf(ownerToken)).toEqual(auditBefore);
      });

      it.each(['0', '-1', 'abc', '1.5', '9999999999', '1e3'])(
        'answers the booking id %s with the same 404',
        async (bookingId) => {
          const { kitchenToken } = await tokens();
          expect(await decide(kitchenToken, bookingId, 'confirm')).toMatchObject({
            status: 404,
            body: { error: 'Booking not found' },
          });
        },
      );
    });

    describe('roles', () => {
      it('owner and kitchen both answer bookings; only the owner reads the audit log', async () => {
        const { kitchenToken, ownerToken } = await tokens();
        for (const token of [kitchenToken, ownerToken]) {
          const { bookingId } = await book(api, THURSDAY_NOON);
          expect((await decide(token, bookingId, 'confirm')).status).toBe(200);
        }
        expect((await staffCall(api, '/staff/audit', kitchenToken)).status).toBe(403);
        expect((await staffCall(api, '/staff/audit', ownerToken)).status).toBe(200);
      });
    });
  },
  // Many requests from one test address; the per-address limit is the security tests' concern.
  {
    api: {
      rateLimits: {
        tableBookingsPerAddress: { attempts: 1000, windowMs: 60_000 },
        staffSignInPerAddress: { attempts: 1000, windowMs: 60_000 },
      },
    },
  },
);
