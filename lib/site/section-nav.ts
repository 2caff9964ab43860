/**
 * The menu's group navigation following the scroll: which section the customer is reading, and
 * how far to scroll the navigation's own row so that section's link stays in sight.
 */

export interface SectionView {
  /** Top edge of each section, in viewport pixels, in page order. */
  tops: readonly number[];
  /** Where reading starts: below the stuck navigation, where a section link lands its heading. */
  line: number;
  viewportHeight: number;
  /** The page cannot scroll further down. */
  atBottom: boolean;
}

/**
 * The index of the current section: the last one whose top has reached the reading line, or -1
 * while the menu has not reached it yet. At the bottom of the page a short last section can
 * never reach the line, so then the last section that has come into view counts.
 */
export function currentSection({ tops, line, viewportHeight, atBottom }: SectionView): number {
  const reach = atBottom ? viewportHeight - 1 : line;
  let current = -1;
  for (const [index, top] of tops.entries()) {
    if (top <= reach) current = index;
  }
  return current;
}

export interface Strip {
  /** The item's start and size along the row, relative to the row's scrolled content. */
  itemStart: number;
  itemSize: number;
  /** How far the row is scrolled, and how much of it shows. */
  scrolled: number;
  visibleSize: number;
  /** Space to keep between the item and the row's edge. */
  margin: number;
}

/** The scroll offset that brings an item into its row, centred (or its start, when it is wider than the row); null when it already shows whole. */
export function scrollToShow({ itemStart, itemSize, scrolled, visibleSize, margin }: Strip): number | null {
  const fits = itemStart - margin >= scrolled && itemStart + itemSize + margin <= scrolled + visibleSize;
  if (fits) return null;
  const offset = itemSize + 2 * margin >= visibleSize ? itemStart - margin : itemStart - (visibleSize - itemSize) / 2;
  return Math.max(0, Math.round(offset));
}
