import { describe, expect, it } from 'vitest';
import { lineRows } from './line-rows.ts';

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
});
