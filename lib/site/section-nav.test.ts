import { describe, expect, it } from 'vitest';
import { currentSection, scrollToShow } from './section-nav.ts';

describe('currentSection', () => {
  it.each([
    [
      'the menu is still below the line',
      { tops: [400, 900, 1500], line: 72, viewportHeight: 800, atBottom: false },
      -1,
    ],
    [
      'the first heading sits exactly on the line (a section link landed it there)',
      { tops: [72, 600, 1200], line: 72, viewportHeight: 800, atBottom: false },
      0,
    ],
    [
      'the first section scrolled under the navigation, the second not yet up',
      { tops: [-300, 200, 900], line: 72, viewportHeight: 800, atBottom: false },
      0,
    ],
    ['the second reached the line', { tops: [-700, 60, 500], line: 72, viewportHeight: 800, atBottom: false }, 1],
    [
      'every section scrolled past: the last one is still being read',
      { tops: [-3000, -2000, -900], line: 72, viewportHeight: 800, atBottom: false },
      2,
    ],
    [
      'at the bottom a short last section that cannot reach the line counts once in view',
      { tops: [-1200, -100, 500], line: 72, viewportHeight: 800, atBottom: true },
      2,
    ],
    [
      'at the bottom a last section still below the screen does not',
      { tops: [-1200, -100, 900], line: 72, viewportHeight: 800, atBottom: true },
      1,
    ],
    ['no sections (everything filtered out)', { tops: [], line: 72, viewportHeight: 800, atBottom: false }, -1],
  ])('%s', (_, view, expected) => {
    expect(currentSection(view)).toBe(expected);
  });
});

describe('scrollToShow', () => {
  it.each([
    [
      'a link that shows whole stays put',
      { itemStart: 100, itemSize: 80, scrolled: 0, visibleSize: 358, margin: 16 },
      null,
    ],
    [
      'a link cut at the right edge is centred',
      { itemStart: 300, itemSize: 100, scrolled: 0, visibleSize: 358, margin: 16 },
      171,
    ],
    [
      'a link past the right edge is centred',
      { itemStart: 900, itemSize: 120, scrolled: 100, visibleSize: 358, margin: 16 },
      781,
    ],
    [
      'a link scrolled out on the left comes back, centred',
      { itemStart: 40, itemSize: 90, scrolled: 200, visibleSize: 358, margin: 16 },
      0,
    ],
    [
      'a link closer to the edge than the margin counts as cut',
      { itemStart: 10, itemSize: 90, scrolled: 0, visibleSize: 358, margin: 16 },
      0,
    ],
    [
      'a link wider than the row starts at its start',
      { itemStart: 500, itemSize: 400, scrolled: 0, visibleSize: 358, margin: 16 },
      484,
    ],
  ])('%s', (_, strip, expected) => {
    expect(scrollToShow(strip)).toBe(expected);
  });
});
