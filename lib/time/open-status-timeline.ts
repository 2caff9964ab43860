import { serviceOpenStatus } from './open-status.ts';
import { openWindowsAround } from './open-windows.ts';
import { addDays, DAY_MS, MINUTE_MS, retailerDate, retailerInstant } from './retailer-clock.ts';
import { shopZoneOf, type ScheduleInput } from './schedule.ts';
import { OPEN_STATUS_SERVICES, type OpenStatusLine, type OpenStatusTimeline } from './open-status-steps.ts';

/** How far ahead the build writes the status: a page left unpublished for longer shows the heading until its island runs. */
export const OPEN_STATUS_TIMELINE_DAYS = 15;

/**
 * Every instant the open status can change on its own: a window of either service opening or
 * closing (closed dates cut in), and each of the shop's midnights ("opens tomorrow" becomes
 * "opens today"). Between two of them the hours rules give the same answer.
 */
function changePoints(input: ScheduleInput, firstDate: string, days: number): number[] {
  const zone = shopZoneOf(input);
  const points = new Set<number>();
  for (let day = 0; day <= days; day += 1) {
    const date = addDays(firstDate, day);
    const midnight = retailerInstant(date, 0, zone);
    points.add(midnight.getTime());
    for (const service of OPEN_STATUS_SERVICES)
      for (const window of openWindowsAround(input, service, new Date(midnight.getTime() + DAY_MS / 2))) {
        points.add(window.start);
        points.add(window.end);
      }
  }
  return [...points].sort((a, b) => a - b);
}

/**
 * The open status from the shop's midnight before `from` for `days` days: what the page's first
 * paint shows before any script file has loaded (issue 27), while the island, once it runs, adds
 * what only the live status knows. Starting at the shop's midnight keeps a day's builds alike.
 */
export function openStatusTimeline(
  input: ScheduleInput,
  from: Date,
  days: number = OPEN_STATUS_TIMELINE_DAYS,
): OpenStatusTimeline {
  const zone = shopZoneOf(input);
  const firstDate = retailerDate(from, zone);
  const startMs = retailerInstant(firstDate, 0, zone).getTime();
  const endMs = retailerInstant(addDays(firstDate, days), 0, zone).getTime();
  const lines: OpenStatusLine[] = [];
  const lineIndex = new Map<string, number>();
  const indexOf = (line: OpenStatusLine): number => {
    const key = `${String(line.open)} ${line.text}`;
    let index = lineIndex.get(key);
    if (index === undefined) {
      index = lines.push({ open: line.open, text: line.text }) - 1;
      lineIndex.set(key, index);
    }
    return index;
  };
  const steps: number[][] = [];
  let previous = '';
  for (const point of changePoints(input, firstDate, days)) {
    if (point < startMs || point >= endMs) continue;
    const at = new Date(point);
    const indexes = OPEN_STATUS_SERVICES.map((service) => indexOf(serviceOpenStatus(input, service, at)));
    const key = indexes.join();
    if (key === previous) continue;
    previous = key;
    const minutes = (point - startMs) / MINUTE_MS;
    // Shifts and zone offsets are whole minutes; anything else would paint a step a minute off.
    if (!Number.isInteger(minutes)) throw new RangeError(`open status change off the minute at ${at.toISOString()}`);
    steps.push([minutes, ...indexes]);
  }
  return { startMs, endMs, lines, steps };
}
