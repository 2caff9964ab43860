import type { Service } from './schedule.ts';

/*
 * The open status as the first paint reads it from the page (lib/time/open-status-timeline.ts
 * builds it): what the island shares with the paint script without loading the hours rules.
 */

/** The services the open status names, in its order. */
export const OPEN_STATUS_SERVICES: readonly Service[] = ['pickup', 'delivery'];

/** One line of the open status as the page paints it: whether the service takes orders, in the retailer's words. */
export interface OpenStatusLine {
  open: boolean;
  text: string;
}

/**
 * The open status of a retailer's hours over the coming days, as the build can know it (no live
 * pause or busy flag): each step says from which minute after `startMs` which lines hold, an index
 * into `lines` per service. Texts repeat across days, so each is written once.
 */
export interface OpenStatusTimeline {
  startMs: number;
  endMs: number;
  lines: OpenStatusLine[];
  /** `[minutes after startMs, one index into lines per OPEN_STATUS_SERVICES]`, in time order, the first at 0. */
  steps: number[][];
}

/**
 * The lines that hold at `atMs`, null outside the timeline. Self-contained (no imports, no
 * closures): the first-paint script carries its source (lib/site/open-status-paint.ts).
 */
export function openStatusAt(timeline: OpenStatusTimeline, atMs: number): OpenStatusLine[] | null {
  if (!(atMs >= timeline.startMs && atMs < timeline.endMs)) return null;
  const minutes = (atMs - timeline.startMs) / 60000;
  let found = null;
  for (let index = 0; index < timeline.steps.length; index += 1) {
    const step = timeline.steps[index];
    if (step === undefined || step[0] === undefined || step[0] > minutes) break;
    found = step;
  }
  if (found === null) return null;
  const chosen = [];
  for (let at = 1; at < found.length; at += 1) {
    const line = timeline.lines[found[at] ?? -1];
    if (line === undefined) return null;
    chosen.push({ open: line.open, text: line.text });
  }
  return chosen;
}
