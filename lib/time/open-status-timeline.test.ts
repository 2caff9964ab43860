import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTenants } from '../tenant/load.ts';
import { retailerInfoSchema, tradingHoursSchema, type Tenant } from '../tenant/index.ts';
import { serviceOpenStatus } from './open-status.ts';
import { OPEN_STATUS_SERVICES, openStatusAt } from './open-status-steps.ts';
import { openStatusTimeline } from './open-status-timeline.ts';
import type { ScheduleInput } from './schedule.ts';

const friday = tradingHoursSchema.parse([
  { day: 5, openingTimeStart: '11:30', openingTimeEnd: '14:30', deliveryTimeStart: '12:00', deliveryTimeEnd: '14:00' },
  { day: 5, openingTimeStart: '17:00', openingTimeEnd: '01:00', deliveryTimeStart: '17:30', deliveryTimeEnd: '00:30' },
]);
const melbourne: ScheduleInput = {
  tradingHours: friday,
  closedDates: [],
  retailerInfo: retailerInfoSchema.parse({ name: 'Test' }),
};
const perth: ScheduleInput = {
  ...melbourne,
  retailerInfo: retailerInfoSchema.parse({ name: 'Test', timeZone: 'Australia/Perth', timeZoneDiff: -2 }),
};

/** Built on Wednesday 25 November 2026 at 3 pm in Melbourne (AEDT, UTC+11). */
const built = new Date('2026-11-25T04:00:00Z');

describe('the open status the build writes for the first paint', () => {
  it.each<[string, ScheduleInput, string, string[] | null]>([
    ['before the shop midnight it starts at', melbourne, '2026-11-24T12:59:00Z', null],
    [
      'Wednesday, from midnight',
      melbourne,
      '2026-11-24T13:00:00Z',
      ['Pickup opens Friday at 11:30 am', 'Delivery opens Friday at 12:00 pm'],
    ],
    [
      'Thursday, the day before',
      melbourne,
      '2026-11-26T02:00:00Z',
      ['Pickup opens tomorrow at 11:30 am', 'Delivery opens tomorrow at 12:00 pm'],
    ],
    [
      'Friday 11:29 am',
      melbourne,
      '2026-11-27T00:29:00Z',
      ['Pickup opens today at 11:30 am', 'Delivery opens today at 12:00 pm'],
    ],
    [
      'Friday 11:30 am, pickup opens',
      melbourne,
      '2026-11-27T00:30:00Z',
      ['Pickup open until 2:30 pm', 'Delivery opens today at 12:00 pm'],
    ],
    [
      'Friday 2:15 pm, between the shifts for delivery',
      melbourne,
      '2026-11-27T03:15:00Z',
      ['Pickup open until 2:30 pm', 'Delivery opens today at 5:30 pm'],
    ],
    [
      "Saturday 12:45 am, Friday's late shift",
      melbourne,
      '2026-11-27T13:45:00Z',
      ['Pickup open until 1:00 am', 'Delivery opens Friday at 12:00 pm'],
    ],
    [
      'Saturday 1:00 am, closed for the week',
      melbourne,
      '2026-11-27T14:00:00Z',
      ['Pickup opens Friday at 11:30 am', 'Delivery opens Friday at 12:00 pm'],
    ],
    [
      'Friday 11:30 am in Perth (UTC+8), whatever the device',
      perth,
      '2026-11-27T03:30:00Z',
      ['Pickup open until 2:30 pm', 'Delivery opens today at 12:00 pm'],
    ],
    [
      'the last minute of the fifteenth day',
      melbourne,
      '2026-12-09T12:59:00Z',
      ['Pickup opens Friday at 11:30 am', 'Delivery opens Friday at 12:00 pm'],
    ],
    ['after the fifteen days', melbourne, '2026-12-09T13:00:00Z', null],
  ])('%s', (_, input, at, texts) => {
    const lines = openStatusAt(openStatusTimeline(input, built), Date.parse(at));
    expect(lines?.map((line) => line.text) ?? null).toEqual(texts);
    if (lines) expect(lines.map((line) => line.open)).toEqual(texts?.map((text) => / open until /.test(text)));
  });

  it('starts at the shop midnight, so builds of one day write the same page', () => {
    const morning = openStatusTimeline(melbourne, new Date('2026-11-24T13:00:00Z'));
    expect(openStatusTimeline(melbourne, new Date('2026-11-25T12:59:00Z'))).toEqual(morning);
    expect(openStatusTimeline(melbourne, new Date('2026-11-25T13:00:00Z'))).not.toEqual(morning);
  });

  it('writes each text once and each change once', () => {
    const timeline = openStatusTimeline(melbourne, built);
    expect(new Set(timeline.lines.map((line) => line.text)).size).toBe(timeline.lines.length);
    const keys = timeline.steps.map((step) => step.slice(1).join());
    expect(keys.every((key, index) => index === 0 || key !== keys[index - 1])).toBe(true);
    expect(timeline.steps[0]?.[0]).toBe(0);
  });
});

describe('the sample shops: the timeline says what the hours rules say, minute by minute', () => {
  let tenants: Tenant[] = [];
  beforeAll(async () => {
    tenants = (await loadTenants(join(import.meta.dirname, '..', '..', 'tenants'))).tenants;
    expect(tenants.length).toBeGreaterThan(3);
  });

  // Christmas's closed dates, and Melbourne's clocks going forward (4 October) and back (4 April).
  it.each(['2026-12-20T05:00:00Z', '2026-09-28T05:00:00Z', '2027-03-29T05:00:00Z'])(
    'for fifteen days from %s',
    (from) => {
      for (const tenant of tenants) {
        const input: ScheduleInput = {
          tradingHours: tenant.tradingHours,
          closedDates: tenant.closedDates,
          retailerInfo: tenant.config.retailerInfo,
        };
        const timeline = openStatusTimeline(input, new Date(from));
        const stepStarts = timeline.steps.map(([minutes = 0]) => timeline.startMs + minutes * 60_000);
        // Every seventh minute, and each change with the minute before it.
        const instants = new Set<number>(stepStarts.flatMap((at) => [at, at - 60_000]));
        for (let at = timeline.startMs; at < timeline.endMs; at += 7 * 60_000) instants.add(at);
        for (const at of instants) {
          if (at < timeline.startMs) continue;
          const expected = OPEN_STATUS_SERVICES.map((service) => {
            const { open, text } = serviceOpenStatus(input, service, new Date(at));
            return { open, text };
          });
          expect(openStatusAt(timeline, at), `${tenant.slug} at ${new Date(at).toISOString()}`).toEqual(expected);
        }
      }
    },
  );
});
