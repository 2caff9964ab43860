import { describe, expect, it } from 'vitest';
import { weeklyHours } from './weekly-hours.ts';

describe('weekly hours', () => {
  it('starts on Monday, sorts shifts and marks days without shifts empty', () => {
    const rows = weeklyHours([
      { day: 2, openingTimeStart: '17:00', openingTimeEnd: '21:00', deliveryTimeStart: null, deliveryTimeEnd: null },
      {
        day: 2,
        openingTimeStart: '11:30',
        openingTimeEnd: '14:30',
        deliveryTimeStart: '12:00',
        deliveryTimeEnd: '14:00',
      },
    ]);
    expect(rows.map((row) => row.dayName)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(rows[1]).toEqual({
      day: 2,
      dayName: 'Tuesday',
      pickup: [
        { from: '11:30', to: '14:30' },
        { from: '17:00', to: '21:00' },
      ],
      delivery: [{ from: '12:00', to: '14:00' }],
    });
    expect(rows[0]).toMatchObject({ pickup: [], delivery: [] });
  });
});
