import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../../lib/api/contract.ts';
import { tableBookingDays } from '../../../lib/time/table-booking.ts';
import { loadTenant } from '../../../lib/tenant/load.ts';
import { FIXTURE_TENANTS, onEachStore, tempDir } from './support/test-support.ts';

/**
 * The server checks a booking time against the times the dialog offers, on a fixed clock: a
 * Perth shop (timeZoneDiff -2, as harbour-pizza) open Friday and Saturday 17:00-01:00, whose
 * times after midnight belong to the evening before.
 */

// Tuesday 5 March 2030, 20:00 in Melbourne, 18:00 in Perth.
const now = new Date('2030-03-05T09:00:00Z');
const dir = tempDir();
const tenantsDir = join(dir, 'tenants');
const tenantDir = join(tenantsDir, 'test-pizza');

const lateHours = [
  { day: 4, openingTimeStart: '11:30', openingTimeEnd: '14:30', deliveryTimeStart: null, deliveryTimeEnd: null },
  { day: 5, openingTimeStart: '17:00', openingTimeEnd: '01:00', deliveryTimeStart: '17:30', deliveryTimeEnd: '00:30' },
  { day: 6, openingTimeStart: '12:00', openingTimeEnd: '15:00', deliveryTimeStart: null, deliveryTimeEnd: null },
  { day: 6, openingTimeStart: '17:00', openingTimeEnd: '01:00', deliveryTimeStart: '17:30', deliveryTimeEnd: '00:30' },
];

beforeAll(() => {
  mkdirSync(tenantsDir, { recursive: true });
  cpSync(join(FIXTURE_TENANTS, 'test-pizza'), tenantDir, { recursive: true });
  writeFileSync(join(tenantDir, 'trading-hours.json'), JSON.stringify(lateHours));
  const config = JSON.parse(readFileSync(join(tenantDir, 'retailer-config.json'), 'utf8')) as {
    retailerInfo: Record<string, unknown>;
  };
  config.retailerInfo['timeZoneDiff'] = -2;
  writeFileSync(join(tenantDir, 'retailer-config.json'), JSON.stringify(config));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

await onEachStore(
  ({ api }) => {
    const booking = { name: 'Ada', phone: '0400 000 000', partySize: 2, notes: '' };
    const book = (dateTime: string) => api.call(apiCalls.requestTableBooking.path, { body: { ...booking, dateTime } });

    describe('the booking time check', () => {
      it.each([
        ['Friday 7:00 pm in Perth', '2030-03-08T19:00:00+09:00', 200],
        ["Friday's 12:15 am (next day), Saturday's date in Perth", '2030-03-09T00:15:00+09:00', 200],
        ["Friday's last seating, 12:30 am (next day)", '2030-03-09T00:30:00+09:00', 200],
        ["after Friday's last seating", '2030-03-09T00:45:00+09:00', 400],
        ["Saturday's own lunch", '2030-03-09T12:00:00+09:00', 200],
        ["Saturday's 12:30 am (next day), on Sunday's date", '2030-03-10T00:30:00+09:00', 200],
        ['Friday 7:00 pm in Melbourne, 5:00 pm in Perth', '2030-03-08T19:00:00+11:00', 200],
        ['Friday 4:45 pm in Perth, before opening', '2030-03-08T16:45:00+09:00', 400],
        ['a Wednesday, closed', '2030-03-06T19:00:00+09:00', 400],
      ])('%s: %s answers %s', async (_name, dateTime, status) => {
        const answer = await book(dateTime);
        expect(answer.status).toBe(status);
        if (status === 400) expect(answer.body).toMatchObject({ issues: [{ path: 'dateTime' }] });
      });

      it('accepts every time the dialog offers for Friday, the small hours included, and nothing between them', async () => {
        const tenant = await loadTenant(tenantsDir, 'test-pizza');
        const days = tableBookingDays(
          {
            tradingHours: tenant.tradingHours,
            closedDates: tenant.closedDates,
            retailerInfo: tenant.config.retailerInfo,
          },
          now,
        );
        const friday = days.find((day) => day.date === '2030-03-08');
        expect(friday?.times.slice(-3).map((time) => time.label)).toEqual([
          'midnight',
          '12:15 am (next day)',
          '12:30 am (next day)',
        ]);
        expect(days.find((day) => day.date === '2030-03-09')?.times[0]?.label).toBe('12:00 pm');
        for (const time of friday?.times ?? [])
          expect((await book(time.at.toISOString())).status, time.label).toBe(200);
        for (const time of friday?.times.slice(0, -1) ?? []) {
          expect(
            (await book(new Date(time.at.getTime() + 5 * 60_000).toISOString())).status,
            `5 minutes after ${time.label}`,
          ).toBe(400);
        }
      });
    });
  },
  {
    // Every time of a day is booked from one address here; the limit per address is the security tests' concern.
    api: { tenantsDir, now: () => now, rateLimits: { tableBookingsPerAddress: { attempts: 1000, windowMs: 60_000 } } },
  },
);
