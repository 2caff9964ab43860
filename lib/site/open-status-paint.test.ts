import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { retailerInfoSchema, tradingHoursSchema } from '../tenant/index.ts';
import { openStatusAt, type OpenStatusLine } from '../time/open-status-steps.ts';
import { openStatusTimeline } from '../time/open-status-timeline.ts';
import type { ScheduleInput } from '../time/schedule.ts';
import {
  OPEN_STATUS_DOT,
  OPEN_STATUS_LINE,
  OPEN_STATUS_SHOWN,
  OPEN_STATUS_WORDS,
  openStatusLook,
  openStatusPaintScript,
} from './open-status-paint.ts';

const schedule: ScheduleInput = {
  tradingHours: tradingHoursSchema.parse([
    {
      day: 5,
      openingTimeStart: '17:00',
      openingTimeEnd: '22:00',
      deliveryTimeStart: '17:30',
      deliveryTimeEnd: '21:30',
    },
  ]),
  closedDates: [],
  retailerInfo: retailerInfoSchema.parse({ name: 'Test' }),
};
const built = new Date('2026-11-25T04:00:00Z');

/** A prerendered element: its attributes and text, as the script may change them. */
class Element {
  attributes = new Map<string, string>();
  textContent = '';
  parentElement: Element | null = null;
  readonly children: Element[];
  readonly marks: string[];
  constructor(children: Element[] = [], marks: string[] = []) {
    this.children = children;
    this.marks = marks;
    for (const child of children) child.parentElement = this;
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  querySelector(selector: string): Element | null {
    return this.querySelectorAll(selector)[0] ?? null;
  }
  querySelectorAll(selector: string): Element[] {
    const mark = selector.slice(1, -1);
    return this.children.flatMap((child) => [
      ...(child.marks.includes(mark) ? [child] : []),
      ...child.querySelectorAll(selector),
    ]);
  }
}

/** The island's two prerendered lines, and the script run as the browser runs it at `now`. */
function paintAt(now: string) {
  const lines = [0, 1].map(
    () => new Element([new Element([], [OPEN_STATUS_DOT]), new Element([], [OPEN_STATUS_WORDS])], [OPEN_STATUS_LINE]),
  );
  const status = new Element(lines);
  const document = new Element([status]);
  const window: { __openStatusPaint?: OpenStatusLine[] | null } = {};
  const FixedDate = class extends Date {
    static override now() {
      return Date.parse(now);
    }
  };
  runInNewContext(openStatusPaintScript(openStatusTimeline(schedule, built)), { window, document, Date: FixedDate });
  const shown = lines.map((line) => ({
    dot: line.querySelector(`[${OPEN_STATUS_DOT}]`)?.attributes.get('class'),
    wordsClass: line.querySelector(`[${OPEN_STATUS_WORDS}]`)?.attributes.get('class'),
    words: line.querySelector(`[${OPEN_STATUS_WORDS}]`)?.textContent,
  }));
  return { shown, painted: window.__openStatusPaint, marked: status.attributes.get(OPEN_STATUS_SHOWN) };
}

describe('the open status paint script writes what the island will render', () => {
  it.each([
    [
      'Friday 6 pm in Melbourne, both open',
      '2026-11-27T07:00:00Z',
      ['Pickup open until 10:00 pm', 'Delivery open until 9:30 pm'],
    ],
    [
      'Friday 5:10 pm, delivery not yet',
      '2026-11-27T06:10:00Z',
      ['Pickup open until 10:00 pm', 'Delivery opens today at 5:30 pm'],
    ],
    [
      'Thursday noon',
      '2026-11-26T01:00:00Z',
      ['Pickup opens tomorrow at 5:00 pm', 'Delivery opens tomorrow at 5:30 pm'],
    ],
  ])('%s', (_, now, texts) => {
    const { shown, painted, marked } = paintAt(now);
    const expected = openStatusAt(openStatusTimeline(schedule, built), Date.parse(now));
    expect(painted).toEqual(expected);
    expect(painted?.map((line) => line.text)).toEqual(texts);
    expect(shown).toEqual(expected?.map((line, index) => openStatusLook(line, index)));
    expect(marked).toBe('built');
  });

  it('leaves the heading alone on a device whose clock is outside the fortnight the build wrote', () => {
    const { shown, painted, marked } = paintAt('2027-01-01T07:00:00Z');
    expect(painted).toBeNull();
    expect(shown.every((line) => line.dot === undefined && line.words === '')).toBe(true);
    expect(marked).toBeUndefined();
  });
});
