import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { apiCalls } from '../../../lib/api/contract.ts';
import { operatorPaths } from '../operator/operator-contract.ts';
import { onEachStore, OPERATOR_TOKEN } from './support/test-support.ts';

await onEachStore(({ api, start }) => {
  describe('mailing-list signup', () => {
    it.each([
      ['an email', { email: 'fan@example.com' }],
      ['an email and a name', { email: 'named@example.com', name: 'Grace' }],
    ])('adds %s', async (_name, body) => {
      const before = (await api.counts()).mailing_list ?? 0;
      const answer = await api.call(apiCalls.mailingListSignup.path, { body });
      expect(answer).toMatchObject({ status: 200, body: { success: true } });
      expect((await api.counts()).mailing_list).toBe(before + 1);
    });

    it('keeps one entry for a second signup with the same email', async () => {
      await api.call(apiCalls.mailingListSignup.path, { body: { email: 'twice@example.com' } });
      const before = (await api.counts()).mailing_list;
      const answer = await api.call(apiCalls.mailingListSignup.path, {
        body: { email: 'TWICE@example.com', name: 'Twice' },
      });
      expect(answer).toMatchObject({ status: 200, body: { success: true } });
      expect((await api.counts()).mailing_list).toBe(before);
    });

    it('answers an invalid email with 400 and the spec failure text', async () => {
      const answer = await api.call(apiCalls.mailingListSignup.path, { body: { email: 'not-an-email' } });
      expect(answer).toMatchObject({
        status: 400,
        body: {
          success: false,
          message: 'Failed to add to mailing list. Please try again.',
          issues: [{ path: 'email' }],
        },
      });
    });

    it('answers a storage failure with success false and the spec failure text', async () => {
      const broken = await start();
      await sql`DROP TABLE mailing_list`.execute(broken.db);
      const answer = await broken.call(apiCalls.mailingListSignup.path, { body: { email: 'fan@example.com' } });
      expect(answer).toMatchObject({
        status: 200,
        body: { success: false, message: 'Failed to add to mailing list. Please try again.' },
      });
    });
  });

  describe('create-error-logs', () => {
    const entry = {
      errorType: 'javascript',
      message: "Cannot read properties of undefined (reading 'price')",
      stack: 'TypeError: ...\n    at addToCart (cart.ts:10:5)',
      filename: 'https://order.testpizza.example/_astro/cart.js',
      lineno: 10,
      colno: 5,
      component: 'Cart',
      additionalContext: { cartSize: 2, nested: { ok: true } },
      retailerId: 9001,
      customerId: null,
      route: '/',
      userAgent: 'Mozilla/5.0',
      timestamp: '2030-03-05T20:00:00+11:00',
      url: 'https://order.testpizza.example/',
    };

    it.each([
      ['one full entry', [entry]],
      ['a batch of ten', Array.from({ length: 10 }, (_, index) => ({ ...entry, message: `error ${index}` }))],
      [
        'an entry with only what every reporter knows',
        [{ errorType: 'resource', message: 'image failed', timestamp: '2030-03-05T09:00:00Z' }],
      ],
    ])('accepts %s and stores every entry', async (_name, entries) => {
      const before = (await api.counts()).error_logs ?? 0;
      const answer = await api.call(apiCalls.createErrorLogs.path, { body: entries });
      expect(answer).toEqual(expect.objectContaining({ status: 200, body: { accepted: true } }));
      expect((await api.counts()).error_logs).toBe(before + entries.length);
    });

    it('stores a batch whole or not at all', async () => {
      const before = (await api.counts()).error_logs;
      const answer = await api.call(apiCalls.createErrorLogs.path, {
        body: [entry, { ...entry, errorType: 'python' }],
      });
      expect(answer.status).toBe(400);
      expect((await api.counts()).error_logs).toBe(before);
    });
  });

  describe('table-booking', () => {
    const booking = {
      name: 'Ada',
      phone: '0400 000 000',
      partySize: 4,
      dateTime: '2030-03-06T19:00:00+11:00',
      notes: 'Window seat',
    };

    it('records a request for a future time', async () => {
      const before = (await api.counts()).table_bookings ?? 0;
      const answer = await api.call(apiCalls.requestTableBooking.path, { body: booking });
      expect(answer.status).toBe(200);
      expect(apiCalls.requestTableBooking.response.parse(answer.body).bookingId).toBeGreaterThan(0);
      expect((await api.counts()).table_bookings).toBe(before + 1);
    });

    it.each([
      ['a time already past', 'dateTime', { ...booking, dateTime: '2030-03-05T19:00:00+11:00' }],
      ['a party of none', 'partySize', { ...booking, partySize: 0 }],
      ['a time the shop is closed', 'dateTime', { ...booking, dateTime: '2030-03-06T23:30:00+11:00' }],
      ['a time off the quarter-hour grid', 'dateTime', { ...booking, dateTime: '2030-03-06T19:10:00+11:00' }],
      ['a time beyond 30 days', 'dateTime', { ...booking, dateTime: '2030-05-06T19:00:00+10:00' }],
      ['no phone', 'phone', { ...booking, phone: '' }],
    ])('refuses %s with 400 naming %s', async (_name, path, body) => {
      const before = (await api.counts()).table_bookings;
      const answer = await api.call(apiCalls.requestTableBooking.path, { body });
      expect(answer).toMatchObject({ status: 400, body: { success: false, issues: [{ path }] } });
      expect((await api.counts()).table_bookings).toBe(before);
    });

    it('lists the stored requests to staff only', async () => {
      const listed = await api.call(operatorPaths.tableBookings('test-pizza'), {
        method: 'GET',
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      });
      expect(listed.status).toBe(200);
      expect(listed.body).toContainEqual(
        expect.objectContaining({ name: 'Ada', partySize: 4, dateTime: booking.dateTime, notes: 'Window seat' }),
      );
      const anonymous = await api.call(operatorPaths.tableBookings('test-pizza'), { method: 'GET' });
      expect(anonymous.status).toBe(401);
    });
  });
});
