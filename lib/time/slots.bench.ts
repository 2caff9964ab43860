import { expect, test } from 'vitest';
import { DATE_PICKER_LOOKAHEAD_DAYS } from '../constants.ts';
import { addDays } from './retailer-clock.ts';
import type { ScheduleInput } from './schedule.ts';
import { availableSlots, disabledDates, slotCalendar } from './slots.ts';
import { aest, clockStatus, closedDate, schedule } from './test-fixtures.ts';

// Worst case for the date picker: every one of the 30 days may be ordered for.
const input = schedule({
  info: { orderForLaterMaxDaysToEnd: DATE_PICKER_LOOKAHEAD_DAYS, oflMinTimeFromFirstShift: 30 },
  closedDates: [closedDate('2026-06-20', '2026-06-21'), closedDate('2026-06-25', '2026-06-25', '18:00', true)],
  clockStatus: clockStatus({ livePickupWaitTime: 25 }),
});
const now = aest('2026-06-10 12:00');
const dates = Array.from({ length: DATE_PICKER_LOOKAHEAD_DAYS }, (_, day) => addDays('2026-06-10', day));
// The budget holds for the median run: on a shared machine the mean and the tail mostly measure the neighbours.
const budgetMs = 5;

function slotsAndDisabledDates(data: ScheduleInput): number {
  let count = disabledDates(data, 'pickup', now).length;
  for (const date of dates) count += availableSlots(data, 'pickup', now, { date }).length;
  return count;
}

test('disabled dates + the slots of each of 30 days, tenant data unchanged', async ({ bench }) => {
  const result = await bench('pickup, 30 days, parsed hours reused', () => {
    slotsAndDisabledDates(input);
  }).run();
  expect(result.latency.p50).toBeLessThan(budgetMs);
});

test('disabled dates + the slots of each of 30 days, tenant data freshly fetched', async ({ bench }) => {
  const result = await bench('pickup, 30 days, hours parsed again', () => {
    slotsAndDisabledDates({ ...input, tradingHours: [...input.tradingHours], closedDates: [...input.closedDates] });
  }).run();
  expect(result.latency.p50).toBeLessThan(budgetMs);
});

test('disabled dates alone', async ({ bench }) => {
  const result = await bench('delivery, 30 days', () => {
    disabledDates(input, 'delivery', now);
  }).run();
  expect(result.latency.p50).toBeLessThan(budgetMs);
});

test('the whole 30-day calendar in one pass', async ({ bench }) => {
  const result = await bench('pickup, slotCalendar', () => {
    slotCalendar(input, 'pickup', now);
  }).run();
  expect(result.latency.p50).toBeLessThan(budgetMs);
});
