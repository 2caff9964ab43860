import { describe, expect, it } from 'vitest';
import { dueText, formatClock, lineRows, paymentText, urgencyText } from './format.ts';
import { EVENING } from '../../shell/test-fixtures.ts';

const MELBOURNE = 'Australia/Melbourne';
const PERTH = 'Australia/Perth';

describe('order times on the board', () => {
  it('say ASAP for an order wanted as soon as possible', () => {
    expect(dueText({ dueAt: null }, EVENING, MELBOURNE)).toBe('ASAP');
  });

  it("give the time alone today and the day with it otherwise, on the shop's own clock", () => {
    expect(dueText({ dueAt: '2026-11-25T08:30:00Z' }, EVENING, MELBOURNE)).toBe('7:30 pm');
    expect(dueText({ dueAt: '2026-11-25T08:30:00Z' }, EVENING, PERTH)).toBe('4:30 pm');
    expect(dueText({ dueAt: '2026-11-26T01:00:00Z' }, EVENING, MELBOURNE)).toBe('Thu 26 Nov, 12:00 pm');
    expect(formatClock('2026-11-24T22:05:00Z', EVENING, MELBOURNE)).toBe('9:05 am');
  });
});

describe('payment methods', () => {
  it.each([
    ['cash', 'Cash'],
    ['card', 'Card'],
    ['card-on-delivery', 'Card on delivery'],
    ['  ', 'Not given'],
  ])('%s reads as %s', (method, text) => {
    expect(paymentText(method)).toBe(text);
  });
});

describe('lineRows', () => {
  it("puts each half's changes on a row of its own and marks what is left off", () => {
    expect(
      lineRows(
        '1 × Margherita / Diavola · Large · Half Margherita, half Diavola · Margherita half: Extra basil · Diavola half: No Fresh chilli, No olives',
      ),
    ).toEqual({
      title: '1 × Margherita / Diavola',
      rows: [
        [{ text: 'Large', leftOff: false }],
        [
          { text: 'Half Margherita, ', leftOff: false },
          { text: 'half Diavola', leftOff: false },
        ],
        [
          { text: 'Margherita half: ', leftOff: false },
          { text: 'Extra basil', leftOff: false },
        ],
        [
          { text: 'Diavola half: ', leftOff: false },
          { text: 'No Fresh chilli, ', leftOff: true },
          { text: 'No olives', leftOff: true },
        ],
      ],
    });
  });

  it('a plain line: its title and size', () => {
    expect(lineRows('2 × Margherita · Small')).toEqual({
      title: '2 × Margherita',
      rows: [[{ text: 'Small', leftOff: false }]],
    });
  });

  it.each([
    [-5, 'Late 5 min'],
    [0, 'Due now'],
    [12, 'Due in 12 min'],
  ])('%i minutes left: %s', (minutes, text) => {
    expect(urgencyText(minutes)).toBe(text);
  });
});
