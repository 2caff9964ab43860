import { describe, expect, it } from 'vitest';
import { readTips, type TipsReading } from './TipsEditor.tsx';

const fine = (count: number) => Array.from({ length: count }, () => undefined);
const range = 'Type a whole number from 1 to 50.';

describe('the tips as typed', () => {
  it.each<[string, boolean, string[], TipsReading]>([
    ['off, whatever is typed', false, ['15', 'lots'], { value: { offered: false }, problems: fine(2) }],
    [
      'the usual three, in the owner’s order',
      true,
      ['20', '15', '10'],
      { value: { offered: true, percentages: [20, 15, 10] }, problems: fine(3) },
    ],
    [
      'with a sign and spaces',
      true,
      [' 12 % ', '18%'],
      { value: { offered: true, percentages: [12, 18] }, problems: fine(2) },
    ],
    ['none: an own amount only', true, [], { value: { offered: true, percentages: [] }, problems: [] }],
    [
      'four, the most',
      true,
      ['1', '10', '25', '50'],
      { value: { offered: true, percentages: [1, 10, 25, 50] }, problems: fine(4) },
    ],
    ['no percent', true, ['10', '0'], { value: null, problems: [undefined, `"0" is not a tip percentage. ${range}`] }],
    ['more than half', true, ['51'], { value: null, problems: [`"51" is not a tip percentage. ${range}`] }],
    ['part of a percent', true, ['12.5'], { value: null, problems: [`"12.5" is not a tip percentage. ${range}`] }],
    ['nothing typed', true, [''], { value: null, problems: [`"" is not a tip percentage. ${range}`] }],
    ['words', true, ['lots'], { value: null, problems: [`"lots" is not a tip percentage. ${range}`] }],
    [
      'the same twice: the second says so',
      true,
      ['15', '10', '15%'],
      { value: null, problems: [undefined, undefined, '15% is offered already. Remove one.'] },
    ],
    [
      'five',
      true,
      ['5', '10', '15', '20', '25'],
      { value: null, problems: [...fine(4), 'Checkout offers at most 4 percentages. Remove one.'] },
    ],
  ])('%s', (_case, offered, typed, reading) => {
    expect(readTips(offered, typed)).toEqual(reading);
  });
});
