import { describe, expect, it } from 'vitest';
import { readMinutes } from './PreparationTimeEditor.tsx';

describe('the preparation time as typed', () => {
  it.each<[string, number | null]>([
    ['20', 20],
    [' 35 ', 35],
    ['5', 5],
    ['240', 240],
    ['4', null],
    ['241', null],
    ['12.5', null],
    ['20 min', null],
    ['', null],
    ['-20', null],
  ])('"%s" reads as %s', (typed, minutes) => {
    expect(readMinutes(typed)).toBe(minutes);
  });
});
