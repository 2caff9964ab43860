import { describe, expect, it } from 'vitest';
import { aest } from '../time/test-fixtures.ts';
import { groupAvailabilityMap } from './group-availability-map.ts';
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
