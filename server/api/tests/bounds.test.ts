import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADDITIONAL_CONTEXT_LIMITS, apiCalls, messages } from '../../../lib/api/contract.ts';
import { DEFAULT_RATE_LIMITS } from '../services/rate-limits.ts';
import { INTAKE_CAPS } from '../store/intake.ts';
import { STATUS_CAPS } from '../store/orders.ts';
import { operatorPaths } from '../operator/operator-contract.ts';
import {
  cartLine,
  lineUuid,
  onEachStore,
  operatorHeaders,
  orderBody,
  RETAILER_ID,
  type Answer,
  type TestApi,
} from './support/test-support.ts';

/** Issue 18: anonymous writes replayed as a flood from one client and from many, and input that used to be a 500. */

afterEach(() => {
  vi.unstubAllEnvs();
});

/** Sends `count` calls one after another (the way a script floods), from the address `from(index)` when the API trusts a proxy. */
async function flood(
  api: TestApi,
  count: number,
  path: string,
  body: (index: number) => unknown,
  from?: (index: number) => string,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const headers: Record<string, string> = from ? { 'x-forwarded-for': from(index) } : {};
    statuses.push((await api.call(path, { body: body(index), headers })).status);
  }
  return statuses;
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

/** The rows 1…count as n(i), for a statement that fills a table the way a long flood would have. */
const numbered = (count: number) =>
  sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${sql.lit(count)})`;

const errorEntry = (message: string) => ({ errorType: 'javascript', message, timestamp: '2030-03-05T20:00:00+11:00' });
const booking = { name: 'Ada', phone: '0400 000 000', partySize: 4, dateTime: '2030-03-06T19:00:00+11:00' };

await onEachStore(
  ({ start }) => {
    describe('error logs', () => {
      it('takes 60 batches from one client in 10 minutes and keeps only the newest 1,000 entries of 10,000 sent', async () => {
        const api = await start();
        const batch = (index: number) =>
          Array.from({ length: 100 }, (_, entry) => errorEntry(`batch ${index} entry ${entry}`));
        const statuses = await flood(api, 100, apiCalls.createErrorLogs.path, batch);
        expect(tally(statuses)).toEqual({
          200: DEFAULT_RATE_LIMITS.errorLogsPerAddress.attempts,
          429: 100 - DEFAULT_RATE_LIMITS.errorLogsPerAddress.attempts,
        });
        expect((await api.counts()).error_logs).toBe(INTAKE_CAPS.errorLogsKeptPerRetailer);
        const latest = await api.call(operatorPaths.errorLogs('test-pizza', 1), {
          method: 'GET',
          headers: operatorHeaders(),
        });
        expect(latest.body).toEqual([
          expect.objectContaining({
            message: `batch ${DEFAULT_RATE_LIMITS.errorLogsPerAddress.attempts - 1} entry 99`,
          }),
        ]);
      });

      it('limits a retailer however many addresses send', async () => {
        const api = await start({
          trustProxy: true,
          rateLimits: { errorLogsPerRetailer: { attempts: 5, windowMs: 60 * 60_000 } },
        });
        const statuses = await flood(
          api,
          8,
          apiCalls.createErrorLogs.path,
          (index) => [errorEntry(`from ${index}`)],
          (index) => `203.0.113.${index}`,
        );
        expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
        expect((await api.counts()).error_logs).toBe(5);
      });
    });

    describe('table bookings', () => {
      it('takes 10 requests an hour from one client of 300 sent for one slot', async () => {
        const api = await start();
        const statuses = await flood(api, 300, apiCalls.requestTableBooking.path, (index) => ({
          ...booking,
          name: `Guest ${index}`,
        }));
        expect(tally(statuses)).toEqual({
          200: DEFAULT_RATE_LIMITS.tableBookingsPerAddress.attempts,
          429: 300 - DEFAULT_RATE_LIMITS.tableBookingsPerAddress.attempts,
        });
        expect((await api.counts()).table_bookings).toBe(DEFAULT_RATE_LIMITS.tableBookingsPerAddress.attempts);
      });

      it('takes 20 requests for one slot from many clients, the same time with another offset counting too, then a 409 naming dateTime', async () => {
        const api = await start({ trustProxy: true });
        const sameSlotInUtc = '2030-03-06T08:00:00Z';
        const statuses = await flood(
          api,
          25,
          apiCalls.requestTableBooking.path,
          (index) => ({ ...booking, dateTime: index % 2 === 0 ? booking.dateTime : sameSlotInUtc }),
          (index) => `203.0.113.${index}`,
        );
        expect(tally(statuses)).toEqual({
          200: INTAKE_CAPS.bookingRequestsPerSlot,
          409: 25 - INTAKE_CAPS.bookingRequestsPerSlot,
        });
        const refused = await api.call(apiCalls.requestTableBooking.path, {
          body: booking,
          headers: { 'x-forwarded-for': '198.51.100.1' },
        });
        expect(refused).toMatchObject({ status: 409, body: { issues: [{ path: 'dateTime' }] } });
        const otherSlot = await api.call(apiCalls.requestTableBooking.path, {
          body: { ...booking, dateTime: '2030-03-06T19:15:00+11:00' },
          headers: { 'x-forwarded-for': '198.51.100.1' },
        });
        expect(otherSlot.status).toBe(200);
      });
    });

    describe('the mailing list', () => {
      it('takes 10 strangers an hour from one client of 500 sent', async () => {
        const api = await start();
        const statuses = await flood(api, 500, apiCalls.mailingListSignup.path, (index) => ({
          email: `stranger${index}@example.com`,
        }));
        expect(tally(statuses)).toEqual({
          200: DEFAULT_RATE_LIMITS.mailingListPerAddress.attempts,
          429: 500 - DEFAULT_RATE_LIMITS.mailingListPerAddress.attempts,
        });
        expect((await api.counts()).mailing_list).toBe(DEFAULT_RATE_LIMITS.mailingListPerAddress.attempts);
      });

      it('refuses a new email once the list is full, with the spec failure text, and still takes one already on it', async () => {
        const api = await start();
        expect(
          (await api.call(apiCalls.mailingListSignup.path, { body: { email: 'regular@example.com' } })).body,
        ).toEqual({ success: true });
        await sql`${numbered(INTAKE_CAPS.mailingListPerRetailer - 1)}
        INSERT INTO mailing_list (retailer_id, email, created_at) SELECT ${sql.lit(RETAILER_ID)}, 'filler' || i || '@example.com', 'x' FROM n`.execute(
          api.db,
        );
        const refused = await api.call(apiCalls.mailingListSignup.path, {
          body: { email: 'one-too-many@example.com' },
        });
        expect(refused).toMatchObject({ status: 200, body: { success: false, message: messages.mailingListFailed } });
        expect((await api.counts()).mailing_list).toBe(INTAKE_CAPS.mailingListPerRetailer);
        expect(
          (await api.call(apiCalls.mailingListSignup.path, { body: { email: 'regular@example.com', name: 'Reg' } }))
            .body,
        ).toEqual({ success: true });
      });
    });

    describe('order statuses', () => {
      const status = { orderStatusTypeId: 1, notes: 'web storefront', timestamp: '2030-03-05T20:00:00+11:00' };
      const sendStatus = (
        api: TestApi,
        encryptedOrderId: string | null,
        headers: Record<string, string> = {},
      ): Promise<Answer> =>
        api.call(apiCalls.createOrderStatus.path, { body: { encryptedOrderId, orderStatus: status }, headers });

      it('takes 120 statuses without an order in 10 minutes from one client of 500 sent', async () => {
        const api = await start();
        const statuses = await flood(api, 500, apiCalls.createOrderStatus.path, () => ({
          encryptedOrderId: null,
          orderStatus: status,
        }));
        expect(tally(statuses)).toEqual({
          200: DEFAULT_RATE_LIMITS.orderStatusesPerAddress.attempts,
          429: 500 - DEFAULT_RATE_LIMITS.orderStatusesPerAddress.attempts,
        });
        expect((await api.counts()).order_statuses).toBe(DEFAULT_RATE_LIMITS.orderStatusesPerAddress.attempts);
      });

      it('limits statuses without an order per retailer however many addresses send, and keeps only the newest stored', async () => {
        const api = await start({
          trustProxy: true,
          rateLimits: { orderlessStatusesPerRetailer: { attempts: 3, windowMs: 60 * 60_000 } },
        });
        await sql`${numbered(STATUS_CAPS.orderlessKeptPerRetailer)}
        INSERT INTO order_statuses (retailer_id, order_id, order_status_type_id, notes, timestamp, received_at) SELECT ${sql.lit(RETAILER_ID)}, NULL, 1, 'old', 'x', 'x' FROM n`.execute(
          api.db,
        );
        const statuses = [];
        for (let index = 0; index < 5; index += 1)
          statuses.push((await sendStatus(api, null, { 'x-forwarded-for': `203.0.113.${index}` })).status);
        expect(statuses).toEqual([200, 200, 200, 429, 429]);
        expect((await api.counts()).order_statuses).toBe(STATUS_CAPS.orderlessKeptPerRetailer);
      });

      it('refuses a status for an order that does not exist with 404 and stores nothing', async () => {
        const api = await start();
        const answer = await sendStatus(api, 'no-such-order-0001');
        expect(answer.status).toBe(404);
        expect((await api.counts()).order_statuses).toBe(0);
      });

      it('takes 100 statuses for one order, then a 409', async () => {
        const api = await start();
        const created = await api.call(apiCalls.createOrder.path, {
          body: orderBody([cartLine(lineUuid('status-flood'))]),
        });
        const { encryptedOrderId } = apiCalls.createOrder.response.parse(created.body);
        const statuses = await flood(api, STATUS_CAPS.perOrder + 5, apiCalls.createOrderStatus.path, () => ({
          encryptedOrderId,
          orderStatus: status,
        }));
        expect(tally(statuses)).toEqual({ 200: STATUS_CAPS.perOrder, 409: 5 });
      });
    });

    describe('client input that used to be answered with 500', () => {
      it.each([
        [
          'create-order in year 9999',
          apiCalls.createOrder.path,
          orderBody([cartLine(lineUuid('far-future'))], {
            orderForLater: true,
            orderForLaterRequestDateTime: '9999-12-31T19:00:00+11:00',
          }),
          'orderForLaterRequestDateTime',
        ],
        [
          'a table booking in year 0000',
          apiCalls.requestTableBooking.path,
          { ...booking, dateTime: '0000-03-06T19:00:00+11:00' },
          'dateTime',
        ],
        [
          'an order status in year 9999',
          apiCalls.createOrderStatus.path,
          { encryptedOrderId: null, orderStatus: { orderStatusTypeId: 1, timestamp: '9999-01-01T00:00:00Z' } },
          'orderStatus.timestamp',
        ],
      ])('%s is a 400 naming %s', async (_name, path, body, field) => {
        const api = await start();
        const before = await api.counts();
        const answer = await api.call(path, { body });
        expect(answer).toMatchObject({
          status: 400,
          body: { issues: [{ path: field, message: 'expected a date and time in the years 2000 to 2199' }] },
        });
        expect(await api.counts()).toEqual(before);
      });

      it.each([
        [
          'nested 5,000 deep',
          `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
          `expected JSON nested at most ${ADDITIONAL_CONTEXT_LIMITS.depth} deep`,
        ],
        [
          'of 20,000 characters',
          JSON.stringify({ text: 'x'.repeat(20_000) }),
          `expected at most ${ADDITIONAL_CONTEXT_LIMITS.bytes} characters of JSON`,
        ],
      ])(
        'an error log whose additionalContext is %s is a 400 naming additionalContext',
        async (_name, context, message) => {
          const api = await start();
          const rawBody = `[{"errorType":"javascript","message":"boom","timestamp":"2030-03-05T09:00:00Z","additionalContext":${context}}]`;
          const answer = await api.call(apiCalls.createErrorLogs.path, { rawBody });
          expect(answer).toMatchObject({ status: 400, body: { issues: [{ path: '0.additionalContext', message }] } });
          expect((await api.counts()).error_logs).toBe(0);
        },
      );
    });

    describe('password reset links in the log', () => {
      async function requestReset(api: TestApi, email: string): Promise<void> {
        const signup = await api.call(apiCalls.signup.path, {
          body: { fullName: 'Ada Lovelace', email, phoneNumber: '0400 000 000', password: 'pizza-lover-42' },
        });
        expect(signup.status).toBe(200);
        expect((await api.call(apiCalls.requestPasswordReset.path, { body: { email } })).status).toBe(200);
      }

      it('are written in development, where the README tells a developer to read them there', async () => {
        const logged: string[] = [];
        await requestReset(await start({ log: (line) => logged.push(line) }), 'dev@example.com');
        expect(logged.filter((line) => line.includes('reset-password?token='))).toHaveLength(1);
      });

      it('are never written with NODE_ENV=production', async () => {
        vi.stubEnv('NODE_ENV', 'production');
        const logged: string[] = [];
        await requestReset(
          await start({ log: (line) => logged.push(line), brokerOperatorPassword: 'a-production-broker-secret' }),
          'prod@example.com',
        );
        expect(logged.join('\n')).not.toMatch(/reset-password|token=|password reset for/);
      });
    });
  },
  { api: false },
);
