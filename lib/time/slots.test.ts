import { describe, expect, it } from 'vitest';
import { validateOrderForLater } from './order-for-later.ts';
import { addDays } from './retailer-clock.ts';
import type { ScheduleInput, Service } from './schedule.ts';
import { availableSlots, disabledDates, nextAvailableSlot, slotCalendar } from './slots.ts';
import { aedt, aest, clockStatus, closedDate, hoursRow, schedule } from './test-fixtures.ts';

const wednesdayNoon = aest('2026-06-10 12:00');
const quarterHours = (from: string, to: string) => {
  const [fromHours = 0, fromMinutes = 0] = from.split(':').map(Number);
  const [toHours = 0, toMinutes = 0] = to.split(':').map(Number);
  const times: string[] = [];
  for (let minutes = fromHours * 60 + fromMinutes; minutes <= toHours * 60 + toMinutes; minutes += 15) {
    times.push(`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
  }
  return times;
};
/** Saturday evening running into Sunday's own small-hours shift: one stretch across midnight. */
const nightHours = [hoursRow(6, ['20:00', '23:59']), hoursRow(0, ['00:00', '02:00'])];
/** Sunday's own shift through the small hours, where the daylight-saving changes fall. */
const smallHours = [hoursRow(0, ['00:00', '04:00'])];
/** A Saturday shift into Sunday's small hours, and no Sunday shift of its own: its slots after midnight are Saturday night's. */
const overnightOnly = [hoursRow(6, ['22:00', '04:00'])];
/** Saturday's overnight shift overlapping Sunday's own from 01:30 (spring) or 01:00 (autumn). */
const springHours = [hoursRow(6, ['22:00', '02:00']), hoursRow(0, ['01:30', '04:00'])];
const autumnHours = [hoursRow(6, ['22:00', '02:00']), hoursRow(0, ['01:00', '04:00'])];
const times = (input: ScheduleInput, service: Service, now: Date, date?: string) =>
  availableSlots(input, service, now, { date }).map((slot) => slot.time);

const perth = { timeZone: 'Australia/Perth', timeZoneDiff: -2 };

describe('availableSlots', () => {
  it.each<[string, ScheduleInput, Service, Date, string | undefined, string[]]>([
    [
      'Wednesday pickup from noon: now plus the 30-minute default wait',
      schedule(),
      'pickup',
      wednesdayNoon,
      undefined,
      [...quarterHours('12:30', '13:45'), ...quarterHours('17:00', '20:45')],
    ],
    [
      'Wednesday delivery: dinner up to the last quarter before 20:30',
      schedule(),
      'delivery',
      wednesdayNoon,
      undefined,
      quarterHours('17:00', '20:15'),
    ],
    [
      'a live wait shorter than the lead: the 15-minute lead wins',
      schedule({ clockStatus: clockStatus({ livePickupWaitTime: 10 }) }),
      'pickup',
      wednesdayNoon,
      undefined,
      [...quarterHours('12:15', '13:45'), ...quarterHours('17:00', '20:45')],
    ],
    [
      'a live wait of 75 minutes',
      schedule({ clockStatus: clockStatus({ livePickupWaitTime: 75 }) }),
      'pickup',
      wednesdayNoon,
      undefined,
      [...quarterHours('13:15', '13:45'), ...quarterHours('17:00', '20:45')],
    ],
    [
      '12:07 plus 15 rounds up to 12:30',
      schedule({ clockStatus: clockStatus({ livePickupWaitTime: 0 }) }),
      'pickup',
      aest('2026-06-10 12:07'),
      undefined,
      [...quarterHours('12:30', '13:45'), ...quarterHours('17:00', '20:45')],
    ],
    [
      'Thursday, chosen on Wednesday',
      schedule(),
      'pickup',
      wednesdayNoon,
      '2026-06-11',
      [...quarterHours('11:00', '13:45'), ...quarterHours('17:00', '20:45')],
    ],
    [
      'Saturday: the night shift after midnight belongs to Sunday',
      schedule(),
      'pickup',
      wednesdayNoon,
      '2026-06-13',
      quarterHours('17:00', '23:45'),
    ],
    [
      "Sunday pickup: Saturday night's small hours after midnight, then Sunday's own shift",
      schedule(),
      'pickup',
      wednesdayNoon,
      '2026-06-14',
      [...quarterHours('00:00', '01:45'), ...quarterHours('12:00', '20:45')],
    ],
    [
      "Sunday delivery: Saturday night's small hours after midnight, then Sunday's own shift",
      schedule(),
      'delivery',
      wednesdayNoon,
      '2026-06-14',
      [...quarterHours('00:00', '00:45'), ...quarterHours('12:00', '19:45')],
    ],
    [
      'warm-up 30: Saturday from its own 17:00',
      schedule({ info: { oflMinTimeFromFirstShift: 30 } }),
      'pickup',
      wednesdayNoon,
      '2026-06-13',
      quarterHours('17:30', '23:45'),
    ],
    [
      "warm-up 30 across midnight: Saturday's small hours stay, Sunday's own shift from 12:30",
      schedule({ info: { oflMinTimeFromFirstShift: 30 } }),
      'pickup',
      wednesdayNoon,
      '2026-06-14',
      [...quarterHours('00:00', '01:45'), ...quarterHours('12:30', '20:45')],
    ],
    [
      'warm-up 30: Saturday evening joined to Sunday 00:00, Saturday from 20:30',
      schedule({ tradingHours: nightHours, info: { oflMinTimeFromFirstShift: 30 } }),
      'pickup',
      wednesdayNoon,
      '2026-06-13',
      quarterHours('20:30', '23:45'),
    ],
    [
      'warm-up 30: Saturday evening trading into Sunday 00:00, so Sunday has no warm-up',
      schedule({ tradingHours: nightHours, info: { oflMinTimeFromFirstShift: 30 } }),
      'pickup',
      wednesdayNoon,
      '2026-06-14',
      quarterHours('00:00', '01:45'),
    ],
    [
      'overnight 22:17-08:17 then 07:00: Thursday morning runs through without a warm-up',
      schedule({
        tradingHours: [hoursRow(3, ['22:17', '08:17']), hoursRow(4, ['07:00', '12:00'])],
        info: { oflMinTimeFromFirstShift: 30 },
      }),
      'pickup',
      wednesdayNoon,
      '2026-06-11',
      quarterHours('00:00', '11:45'),
    ],
    [
      'shifts ending 22:15 and starting 22:17: no 22:15',
      schedule({ tradingHours: [hoursRow(3, ['17:00', '22:15']), hoursRow(3, ['22:17', '23:30'])] }),
      'pickup',
      wednesdayNoon,
      undefined,
      [...quarterHours('17:00', '22:00'), ...quarterHours('22:30', '23:15')],
    ],
    [
      'a two-minute gap on the spring change Sunday: no 22:15',
      schedule({ tradingHours: [hoursRow(0, ['17:00', '22:15']), hoursRow(0, ['22:17', '23:30'])] }),
      'pickup',
      aest('2026-10-03 12:00'),
      '2026-10-04',
      [...quarterHours('17:00', '22:00'), ...quarterHours('22:30', '23:15')],
    ],
    [
      'only an overnight Saturday shift: Saturday until midnight',
      schedule({ tradingHours: overnightOnly }),
      'pickup',
      wednesdayNoon,
      '2026-06-13',
      quarterHours('22:00', '23:45'),
    ],
    [
      'only an overnight Saturday shift: its late-night slots after midnight',
      schedule({ tradingHours: overnightOnly }),
      'pickup',
      wednesdayNoon,
      '2026-06-14',
      quarterHours('00:00', '03:45'),
    ],
    [
      'spring change, warm-up 60: Saturday from 23:00',
      schedule({ tradingHours: springHours, info: { oflMinTimeFromFirstShift: 60 } }),
      'pickup',
      aest('2026-10-03 12:00'),
      '2026-10-03',
      quarterHours('23:00', '23:45'),
    ],
    [
      "spring change, warm-up 60: Saturday night trades past Sunday's 01:30 start, so no warm-up; 02:00 AEST is 03:00 AEDT",
      schedule({ tradingHours: springHours, info: { oflMinTimeFromFirstShift: 60 } }),
      'pickup',
      aest('2026-10-03 12:00'),
      '2026-10-04',
      [...quarterHours('00:00', '01:45'), ...quarterHours('03:00', '03:45')],
    ],
    [
      "autumn change, warm-up 90: Saturday night trades past Sunday's 01:00 start, so no warm-up; then the repeated hour",
      schedule({ tradingHours: autumnHours, info: { oflMinTimeFromFirstShift: 90 } }),
      'pickup',
      aedt('2026-04-04 12:00'),
      '2026-04-05',
      [...quarterHours('00:00', '02:45'), ...quarterHours('02:00', '03:45')],
    ],
    ['a closed Monday', schedule(), 'pickup', wednesdayNoon, '2026-06-15', []],
    ['8 days ahead', schedule(), 'pickup', wednesdayNoon, '2026-06-18', []],
    ['yesterday', schedule(), 'pickup', wednesdayNoon, '2026-06-09', []],
    [
      'a shift starting at 17:10 rounds up to 17:15',
      schedule({ tradingHours: [hoursRow(4, ['17:10', '18:00'])] }),
      'pickup',
      wednesdayNoon,
      '2026-06-11',
      ['17:15', '17:30', '17:45'],
    ],
    [
      'Thursday first shift plus 30 minutes',
      schedule({ info: { oflMinTimeFromFirstShift: 30 } }),
      'pickup',
      wednesdayNoon,
      '2026-06-11',
      [...quarterHours('11:30', '13:45'), ...quarterHours('17:00', '20:45')],
    ],
    [
      'a closure up to and including Thursday 18:00 leaves no 18:00 slot',
      schedule({ closedDates: [closedDate('2026-06-11', '2026-06-11', '18:00')] }),
      'pickup',
      wednesdayNoon,
      '2026-06-11',
      quarterHours('18:15', '20:45'),
    ],
    [
      'a closure ending 12:00 leaves no 12:00 slot',
      schedule({ closedDates: [closedDate('2026-06-11', '2026-06-11', '12:00')] }),
      'pickup',
      wednesdayNoon,
      '2026-06-11',
      [...quarterHours('12:15', '13:45'), ...quarterHours('17:00', '20:45')],
    ],
    [
      'a closure ending 11:59 leaves 12:00',
      schedule({ closedDates: [closedDate('2026-06-11', '2026-06-11', '11:59')] }),
      'pickup',
      wednesdayNoon,
      '2026-06-11',
      [...quarterHours('12:00', '13:45'), ...quarterHours('17:00', '20:45')],
    ],
    [
      'a two-day closure ending 12:00 on its second day',
      schedule({ closedDates: [closedDate('2026-06-10', '2026-06-11', '12:00')] }),
      'pickup',
      wednesdayNoon,
      '2026-06-11',
      [...quarterHours('12:15', '13:45'), ...quarterHours('17:00', '20:45')],
    ],
    [
      'a closure ending 00:00 closes its whole end date',
      schedule({ closedDates: [closedDate('2026-06-11', '2026-06-11', '00:00')] }),
      'pickup',
      wednesdayNoon,
      '2026-06-11',
      [],
    ],
    [
      'a closure ending 23:59 closes its whole end date',
      schedule({ closedDates: [closedDate('2026-06-11', '2026-06-11', '23:59')] }),
      'pickup',
      wednesdayNoon,
      '2026-06-11',
      [],
    ],
    [
      'across midnight: Saturday untouched by a Sunday closure ending 00:15',
      schedule({ tradingHours: nightHours, closedDates: [closedDate('2026-06-14', '2026-06-14', '00:15')] }),
      'pickup',
      wednesdayNoon,
      '2026-06-13',
      quarterHours('20:00', '23:45'),
    ],
    [
      'across midnight: a Sunday closure ending 00:15 leaves no 00:15 slot',
      schedule({ tradingHours: nightHours, closedDates: [closedDate('2026-06-14', '2026-06-14', '00:15')] }),
      'pickup',
      wednesdayNoon,
      '2026-06-14',
      quarterHours('00:30', '01:45'),
    ],
    [
      'across midnight: a closure from Saturday to Sunday 00:30',
      schedule({ tradingHours: nightHours, closedDates: [closedDate('2026-06-13', '2026-06-14', '00:30')] }),
      'pickup',
      wednesdayNoon,
      '2026-06-14',
      quarterHours('00:45', '01:45'),
    ],
    [
      'spring change: a closure ending 03:00 AEDT leaves no 03:00 slot',
      schedule({ tradingHours: smallHours, closedDates: [closedDate('2026-10-04', '2026-10-04', '03:00')] }),
      'pickup',
      aest('2026-10-03 12:00'),
      '2026-10-04',
      quarterHours('03:15', '03:45'),
    ],
    [
      'spring change: a closure ending 01:45 AEST reopens on the 03:00 AEDT slot',
      schedule({ tradingHours: smallHours, closedDates: [closedDate('2026-10-04', '2026-10-04', '01:45')] }),
      'pickup',
      aest('2026-10-03 12:00'),
      '2026-10-04',
      quarterHours('03:00', '03:45'),
    ],
    [
      'autumn change: a closure ending 02:00 closes the first 02:00 only',
      schedule({ tradingHours: smallHours, closedDates: [closedDate('2026-04-05', '2026-04-05', '02:00')] }),
      'pickup',
      aedt('2026-04-04 12:00'),
      '2026-04-05',
      [...quarterHours('02:15', '02:45'), ...quarterHours('02:00', '03:45')],
    ],
    [
      'a delivery-only closure leaves pickup',
      schedule({ closedDates: [closedDate('2026-06-11', '2026-06-11', '23:59', true)] }),
      'pickup',
      wednesdayNoon,
      '2026-06-11',
      [...quarterHours('11:00', '13:45'), ...quarterHours('17:00', '20:45')],
    ],
    [
      'a delivery-only closure stops delivery',
      schedule({ closedDates: [closedDate('2026-06-11', '2026-06-11', '23:59', true)] }),
      'delivery',
      wednesdayNoon,
      '2026-06-11',
      [],
    ],
    [
      'ordering for later switched off',
      schedule({ info: { oflEnabled: false } }),
      'pickup',
      wednesdayNoon,
      '2026-06-11',
      [],
    ],
    ['pickup disabled', schedule({ info: { pickupDisabled: true } }), 'pickup', wednesdayNoon, '2026-06-11', []],
    ['no trading hours', schedule({ tradingHours: [] }), 'pickup', wednesdayNoon, '2026-06-11', []],
    [
      'only today allowed, asking tomorrow',
      schedule({ info: { orderForLaterMaxDaysToEnd: 0 } }),
      'pickup',
      wednesdayNoon,
      '2026-06-11',
      [],
    ],
    [
      'days starting tomorrow, asking today',
      schedule({ info: { orderForLaterMinDaysToStart: 1 } }),
      'pickup',
      wednesdayNoon,
      undefined,
      [],
    ],
  ])('%s', (_, input, service, now, date, expected) => {
    expect(times(input, service, now, date)).toEqual(expected);
  });

  it('labels pickup times when delivery is closed or not yet open', () => {
    const labels = availableSlots(schedule(), 'pickup', wednesdayNoon).map((slot) => [slot.label, slot.pickupOnly]);
    expect(labels.slice(0, 2)).toEqual([
      ['12:30 pm (Pickup Only)', true],
      ['12:45 pm (Pickup Only)', true],
    ]);
    expect(labels.slice(6, 8)).toEqual([
      ['5:00 pm', false],
      ['5:15 pm', false],
    ]);
    expect(labels.slice(-3)).toEqual([
      ['8:15 pm', false],
      ['8:30 pm (Pickup Only)', true],
      ['8:45 pm (Pickup Only)', true],
    ]);
  });

  it('labels no pickup time when the retailer never delivers', () => {
    const slots = availableSlots(schedule({ info: { allowDeliveries: false } }), 'pickup', wednesdayNoon);
    expect(slots.some((slot) => slot.pickupOnly || slot.label.includes('Pickup Only'))).toBe(false);
  });

  it('gives delivery times instants, retailer dates and 12-hour labels', () => {
    const input = schedule({ tradingHours: [hoursRow(0, ['00:00', '02:00'], ['00:00', '01:00'])] });
    const [first] = availableSlots(input, 'delivery', wednesdayNoon, { date: '2026-06-14' });
    expect(first).toEqual({
      at: aest('2026-06-14 00:00'),
      date: '2026-06-14',
      time: '00:00',
      label: 'midnight',
      pickupOnly: false,
    });
  });

  it('reads a Perth retailer (diff -2) on Perth time', () => {
    const slots = availableSlots(schedule({ info: { timeZoneDiff: -2 } }), 'pickup', wednesdayNoon);
    expect(slots[0]).toMatchObject({ at: aest('2026-06-10 13:00'), time: '11:00', label: '11:00 am (Pickup Only)' });
    expect(slots.at(-1)).toMatchObject({ at: aest('2026-06-10 22:45'), time: '20:45' });
  });

  it.each([
    // Wednesday, lunch from 11:00 to 14:00 and dinner to 21:00, on the shop's clock.
    ['Perth in winter: the − 2 h rule agrees', perth, aest('2026-06-10 09:00'), '2026-06-10', '03:00', '12:45'],
    ['Perth in summer: Melbourne − 3 h', perth, aedt('2026-11-25 09:00'), '2026-11-25', '03:00', '12:45'],
    [
      'the − 2 h rule in summer, an hour early for Perth',
      { timeZoneDiff: -2 },
      aedt('2026-11-25 09:00'),
      '2026-11-25',
      '02:00',
      '11:45',
    ],
  ] as const)('reads a shop that names its zone on its own clock: %s', (_, info, now, date, firstUtc, lastUtc) => {
    const slots = availableSlots(schedule({ info }), 'pickup', now, { date });
    expect(slots[0]).toMatchObject({ at: new Date(`${date}T${firstUtc}:00Z`), time: '11:00' });
    expect(slots.at(-1)).toMatchObject({ at: new Date(`${date}T${lastUtc}:00Z`), time: '20:45' });
  });

  it("keeps Perth's quarter hours whole on the night Melbourne's clocks go forward", () => {
    const slots = availableSlots(schedule({ info: perth }), 'pickup', aest('2026-10-03 12:00'), { date: '2026-10-04' });
    // Saturday's shift runs to 02:00 on Perth's Sunday, then Sunday 12:00-21:00.
    expect(slots.map((slot) => slot.time)).toEqual([
      ...quarterHours('00:00', '01:45'),
      ...quarterHours('12:00', '20:45'),
    ]);
    expect(slots[0]?.at).toEqual(new Date('2026-10-03T16:00:00Z'));
    expect(slots[7]?.at).toEqual(new Date('2026-10-03T17:45:00Z'));
  });

  it('steps real quarter hours through the repeated hour of the autumn change', () => {
    const input = schedule({ tradingHours: smallHours });
    const slots = availableSlots(input, 'pickup', aedt('2026-04-04 12:00'), { date: '2026-04-05' });
    expect(slots).toHaveLength(20);
    expect(slots[0]?.at).toEqual(aedt('2026-04-05 00:00'));
    expect(slots.at(-1)?.at).toEqual(aest('2026-04-05 03:45'));
    expect(slots.filter((slot) => slot.time === '02:00').map((slot) => slot.label)).toEqual([
      '2:00 am (Pickup Only)',
      '2:00 am (after clocks go back) (Pickup Only)',
    ]);
    slots
      .slice(1)
      .forEach((slot, index) => expect(slot.at.getTime() - (slots[index]?.at.getTime() ?? 0)).toBe(15 * 60_000));
  });

  it('skips the hour the spring change leaves out', () => {
    const input = schedule({ tradingHours: smallHours });
    const slots = availableSlots(input, 'pickup', aest('2026-10-03 12:00'), { date: '2026-10-04' });
    expect(slots.map((slot) => slot.time)).toEqual([
      ...quarterHours('00:00', '01:45'),
      ...quarterHours('03:00', '03:45'),
    ]);
    expect(slots.at(-1)?.at).toEqual(aedt('2026-10-04 03:45'));
  });

  it('offers only times that validateOrderForLater accepts', () => {
    const inputs = [
      schedule(),
      schedule({
        info: { oflMinTimeFromFirstShift: 30, timeZoneDiff: -2 },
        closedDates: [closedDate('2026-06-12', '2026-06-12', '18:00')],
      }),
    ];
    for (const input of inputs) {
      for (const service of ['pickup', 'delivery'] as const) {
        for (let day = 0; day <= 7; day += 1) {
          for (const slot of availableSlots(input, service, wednesdayNoon, { date: addDays('2026-06-10', day) })) {
            expect(
              validateOrderForLater(input, service, slot.at, wednesdayNoon),
              `${service} ${slot.date} ${slot.time}`,
            ).toEqual({ ok: true });
          }
        }
      }
    }
  });

  it.each<[string, ScheduleInput, Date]>([
    ['the default week, warm-up 30', schedule({ info: { oflMinTimeFromFirstShift: 30 } }), wednesdayNoon],
    [
      'Saturday evening joined to Sunday 00:00, warm-up 30',
      schedule({ tradingHours: nightHours, info: { oflMinTimeFromFirstShift: 30 } }),
      wednesdayNoon,
    ],
    [
      'overnight into a morning shift, and a two-minute gap, warm-up 30',
      schedule({
        tradingHours: [
          hoursRow(3, ['22:17', '08:17']),
          hoursRow(4, ['07:00', '12:00']),
          hoursRow(4, ['17:00', '22:15']),
          hoursRow(4, ['22:17', '23:30']),
        ],
        info: { oflMinTimeFromFirstShift: 30 },
      }),
      wednesdayNoon,
    ],
    [
      'overnight into a morning shift across the spring change, warm-up 30',
      schedule({
        tradingHours: [hoursRow(6, ['22:17', '08:17']), hoursRow(0, ['07:00', '12:00'])],
        info: { oflMinTimeFromFirstShift: 30 },
      }),
      aest('2026-09-30 12:00'),
    ],
    ['only an overnight Saturday shift', schedule({ tradingHours: overnightOnly }), wednesdayNoon],
    [
      'overnight shifts with closures ending at 00:30 and 12:00',
      schedule({
        closedDates: [
          closedDate('2026-06-13', '2026-06-14', '00:30'),
          closedDate('2026-06-11', '2026-06-11', '12:00', true),
        ],
      }),
      wednesdayNoon,
    ],
    [
      'the spring change, warm-up 60',
      schedule({ tradingHours: springHours, info: { oflMinTimeFromFirstShift: 60 } }),
      aest('2026-09-30 12:00'),
    ],
    [
      'the autumn change, warm-up 90',
      schedule({ tradingHours: autumnHours, info: { oflMinTimeFromFirstShift: 90 } }),
      aedt('2026-04-01 12:00'),
    ],
    ['Perth, warm-up 30', schedule({ info: { timeZoneDiff: -2, oflMinTimeFromFirstShift: 30 } }), wednesdayNoon],
  ])('offers exactly the quarter hours validateOrderForLater accepts: %s', (_, input, now) => {
    // No live wait, so both sides hold the same lead from now.
    const noWait = clockStatus({ livePickupWaitTime: 0, liveDeliveryWaitTime: 0 });
    for (const service of ['pickup', 'delivery'] as const) {
      const offered = new Set(
        slotCalendar(input, service, now, { clockStatus: noWait }).days.flatMap((day) =>
          day.slots.map((slot) => slot.at.getTime()),
        ),
      );
      const accepted = new Set<number>();
      const firstQuarter = Math.ceil(now.getTime() / (15 * 60_000)) * 15 * 60_000;
      for (let atMs = firstQuarter; atMs < now.getTime() + 9 * 24 * 3_600_000; atMs += 15 * 60_000) {
        if (validateOrderForLater(input, service, new Date(atMs), now).ok) accepted.add(atMs);
      }
      if (service === 'pickup') expect(offered.size).toBeGreaterThan(0);
      expect([...offered].sort(), service).toEqual([...accepted].sort());
    }
  });

  it.each([
    [
      'a date that does not exist',
      () => availableSlots(schedule(), 'pickup', wednesdayNoon, { date: '2026-06-31' }),
      /options\.date: expected a calendar date/,
    ],
    [
      'a negative live wait',
      () =>
        availableSlots(schedule(), 'pickup', wednesdayNoon, { clockStatus: clockStatus({ livePickupWaitTime: -1 }) }),
      /wait time/,
    ],
    ['an invalid now', () => availableSlots(schedule(), 'pickup', new Date(Number.NaN)), /now: expected a valid Date/],
    [
      'an invalid now for disabled dates',
      () => disabledDates(schedule(), 'pickup', new Date(Number.NaN)),
      /now: expected a valid Date/,
    ],
  ])('throws for %s', (_, run, message) => {
    expect(run).toThrow(message);
  });
});

describe('disabledDates', () => {
  const june = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, index) => `2026-06-${String(from + index).padStart(2, '0')}`);
  const july = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, index) => `2026-07-${String(from + index).padStart(2, '0')}`);

  it.each<[string, ScheduleInput, Service, Date, string[]]>([
    [
      'the default week ahead: Monday and everything after 7 days',
      schedule(),
      'pickup',
      wednesdayNoon,
      ['2026-06-15', ...june(18, 30), ...july(1, 9)],
    ],
    [
      '30 days allowed: only Mondays',
      schedule({ info: { orderForLaterMaxDaysToEnd: 30 } }),
      'pickup',
      wednesdayNoon,
      ['2026-06-15', '2026-06-22', '2026-06-29', '2026-07-06'],
    ],
    [
      'a weekend closure',
      schedule({ info: { orderForLaterMaxDaysToEnd: 30 }, closedDates: [closedDate('2026-06-20', '2026-06-21')] }),
      'pickup',
      wednesdayNoon,
      ['2026-06-15', '2026-06-20', '2026-06-21', '2026-06-22', '2026-06-29', '2026-07-06'],
    ],
    [
      'a delivery-only closure for delivery',
      schedule({
        info: { orderForLaterMaxDaysToEnd: 30 },
        closedDates: [closedDate('2026-06-16', '2026-06-17', '23:59', true)],
      }),
      'delivery',
      wednesdayNoon,
      ['2026-06-15', '2026-06-16', '2026-06-17', '2026-06-22', '2026-06-29', '2026-07-06'],
    ],
    [
      'late on Wednesday: today is over',
      schedule(),
      'pickup',
      aest('2026-06-10 20:50'),
      ['2026-06-10', '2026-06-15', ...june(18, 30), ...july(1, 9)],
    ],
    [
      'ordering for later off: every day',
      schedule({ info: { oflEnabled: false } }),
      'pickup',
      wednesdayNoon,
      [...june(10, 30), ...july(1, 9)],
    ],
    [
      'no trading hours: every day',
      schedule({ tradingHours: [] }),
      'delivery',
      wednesdayNoon,
      [...june(10, 30), ...july(1, 9)],
    ],
  ])('%s', (_, input, service, now, expected) => {
    expect(disabledDates(input, service, now)).toEqual(expected);
  });

  it('counts days on a Perth clock', () => {
    const perth = schedule({ info: { timeZoneDiff: -2, orderForLaterMaxDaysToEnd: 30 } });
    // 01:00 Thursday in Melbourne is still Wednesday 23:00 in Perth.
    const disabled = disabledDates(perth, 'pickup', aest('2026-06-11 01:00'));
    expect(disabled[0]).toBe('2026-06-10');
    expect(disabled).toContain('2026-06-15');
    expect(disabled.at(-1)).toBe('2026-07-06');
  });
});

describe('slotCalendar', () => {
  it.each<[string, ScheduleInput, Service, Date]>([
    ['the default week', schedule(), 'pickup', wednesdayNoon],
    [
      '30 days with closures',
      schedule({
        info: { orderForLaterMaxDaysToEnd: 30 },
        closedDates: [closedDate('2026-06-20', '2026-06-21'), closedDate('2026-06-25', '2026-06-25', '18:00', true)],
      }),
      'delivery',
      wednesdayNoon,
    ],
    [
      'Perth across the spring change',
      schedule({ info: { timeZoneDiff: -2, orderForLaterMaxDaysToEnd: 30 } }),
      'pickup',
      aest('2026-09-20 12:00'),
    ],
  ])('matches the day-by-day answers: %s', (_, input, service, now) => {
    const calendar = slotCalendar(input, service, now);
    expect(calendar.days).toHaveLength(30);
    expect(calendar.disabledDates).toEqual(disabledDates(input, service, now));
    for (const day of calendar.days) expect(day.slots).toEqual(availableSlots(input, service, now, { date: day.date }));
  });
});

describe('nextAvailableSlot', () => {
  it.each<[string, ScheduleInput, Service, Date, Date | null, string | null]>([
    [
      'Wednesday noon pickup: half an hour away',
      schedule(),
      'pickup',
      wednesdayNoon,
      aest('2026-06-10 12:30'),
      '12:30 pm (Pickup Only)',
    ],
    [
      'Monday pickup: Tuesday lunch',
      schedule(),
      'pickup',
      aest('2026-06-08 12:00'),
      aest('2026-06-09 11:00'),
      '11:00 am (Pickup Only)',
    ],
    [
      'Sunday 20:00 delivery: Tuesday dinner',
      schedule(),
      'delivery',
      aest('2026-06-14 20:00'),
      aest('2026-06-16 17:00'),
      '5:00 pm',
    ],
    [
      "Saturday 23:50 delivery: Saturday's shift runs past midnight, so 12:30 am after the wait",
      schedule(),
      'delivery',
      aest('2026-06-13 23:50'),
      aest('2026-06-14 00:30'),
      '12:30 am',
    ],
    [
      'Saturday 23:50 delivery, Sunday trading from 00:00: the wait runs past midnight',
      schedule({
        tradingHours: [
          hoursRow(6, ['17:00', '23:59'], ['17:00', '23:59']),
          hoursRow(0, ['00:00', '02:00'], ['00:00', '01:00']),
        ],
      }),
      'delivery',
      aest('2026-06-13 23:50'),
      aest('2026-06-14 00:30'),
      '12:30 am',
    ],
    [
      'Saturday 23:50 pickup, only an overnight Saturday shift: after midnight the same night',
      schedule({ tradingHours: overnightOnly, info: { allowDeliveries: false } }),
      'pickup',
      aest('2026-06-13 23:50'),
      aest('2026-06-14 00:30'),
      '12:30 am',
    ],
    [
      'a Perth Monday: Tuesday lunch on Perth time',
      schedule({ info: { timeZoneDiff: -2 } }),
      'pickup',
      aest('2026-06-08 12:00'),
      aest('2026-06-09 13:00'),
      '11:00 am (Pickup Only)',
    ],
    ['no trading hours', schedule({ tradingHours: [] }), 'pickup', wednesdayNoon, null, null],
    [
      'closed for the next 8 days',
      schedule({ closedDates: [closedDate('2026-06-10', '2026-06-18')] }),
      'pickup',
      wednesdayNoon,
      null,
      null,
    ],
    ['delivery never offered', schedule({ info: { allowDeliveries: false } }), 'delivery', wednesdayNoon, null, null],
  ])('%s', (_, input, service, now, at, label) => {
    const slot = nextAvailableSlot(input, service, now);
    expect(slot?.at ?? null).toEqual(at);
    expect(slot?.label ?? null).toBe(label);
  });

  it('uses the live wait time passed in', () => {
    expect(
      nextAvailableSlot(schedule(), 'pickup', wednesdayNoon, { clockStatus: clockStatus({ livePickupWaitTime: 60 }) })
        ?.at,
    ).toEqual(aest('2026-06-10 13:00'));
  });
});
