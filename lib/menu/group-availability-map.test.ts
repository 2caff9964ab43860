import { describe, expect, it } from 'vitest';
import { aest } from '../time/test-fixtures.ts';
import { groupAvailabilityMap, groupServedTexts } from './group-availability-map.ts';
import { ALL_HOURS, LUNCH, groupHours, groups, hours } from './test-fixtures.ts';

const lunchAndAllHours = groups.filter((group) => group.productGroupId === LUNCH || group.productGroupId === ALL_HOURS);

describe('groupAvailabilityMap', () => {
  it.each<[string, Date, Parameters<typeof groupAvailabilityMap>[1], Record<number, boolean>]>([
    [
      'built hours at lunch',
      aest('2026-06-10 12:00'),
      { built: groupHours, live: undefined },
      { [ALL_HOURS]: true, [LUNCH]: true },
    ],
    [
      'built hours in the evening',
      aest('2026-06-10 19:00'),
      { built: groupHours, live: undefined },
      { [ALL_HOURS]: true, [LUNCH]: false },
    ],
    [
      'live hours replace the built ones',
      aest('2026-06-10 19:00'),
      { built: groupHours, live: hours(LUNCH, [3], '18:00', '20:00') },
      { [ALL_HOURS]: true, [LUNCH]: true },
    ],
    [
      'an empty live answer (a failed call) keeps the built hours',
      aest('2026-06-10 12:00'),
      { built: groupHours, live: [] },
      { [ALL_HOURS]: true, [LUNCH]: true },
    ],
  ])('%s', (_name, at, groupHoursSources, expected) => {
    expect(groupAvailabilityMap(lunchAndAllHours, groupHoursSources, at, 0)).toEqual(expected);
  });
});

describe('groupServedTexts: when a group not served at the order time is served', () => {
  it.each<[string, string, Record<number, string>]>([
    ['Wednesday lunch: only the groups closed then', '2026-06-10 12:00', {}],
    ['Wednesday morning: lunch opens later today', '2026-06-10 09:00', { 25: 'Opens at 11:00 am' }],
    ['Wednesday evening: lunch comes back tomorrow', '2026-06-10 19:00', { 25: 'Available tomorrow from 11:00 am' }],
    ['Saturday evening: the late menu opens tonight', '2026-06-13 19:00', { 26: 'Opens at 9:00 pm' }],
  ])('%s', (_name, at, expected) => {
    const texts = groupServedTexts(groups, { built: groupHours, live: undefined }, aest(at), 0);
    for (const [groupId, text] of Object.entries(expected)) expect(texts[Number(groupId)]).toBe(text);
    expect(texts[ALL_HOURS]).toBeUndefined();
    if (Object.keys(expected).length === 0) expect(texts[LUNCH]).toBeUndefined();
  });
});
