import { openStatusAt, type OpenStatusLine, type OpenStatusTimeline } from '../time/open-status-steps.ts';
import { scriptJson } from './script-json.ts';

/** The open status's lines, their dots and their words: what the paint script writes into. */
export const OPEN_STATUS_LINE = 'data-open-status-line';
export const OPEN_STATUS_DOT = 'data-open-status-dot';
export const OPEN_STATUS_WORDS = 'data-open-status-words';
/** Set on the status once it names the services: "built" from the hours the build knew, "live" once the island's rules run. */
export const OPEN_STATUS_SHOWN = 'data-open-status';

export interface OpenStatusLook {
  dot: string;
  wordsClass: string;
  words: string;
}

/**
 * How one line of the open status looks, or its place held before the status is known (the
 * heading, then an invisible second line so nothing moves when the status arrives). One function
 * for the island and the paint script, which carries its source: self-contained.
 */
export function openStatusLook(line: OpenStatusLine | null, index: number): OpenStatusLook {
  if (line === null)
    return index === 0
      ? { dot: 'hidden', wordsClass: '', words: 'Trading hours' }
      : { dot: 'hidden', wordsClass: 'invisible', words: '·' };
  return line.open
    ? { dot: 'size-2.5 shrink-0 rounded-full bg-primary', wordsClass: '', words: line.text }
    : {
        dot: 'size-2.5 shrink-0 rounded-full border border-muted-foreground',
        wordsClass: 'font-normal text-muted-foreground',
        words: line.text,
      };
}

/**
 * The open status in the first paint (issue 27: a visitor sees whether the shop is open before
 * any script file arrives). The build writes the coming fortnight's statuses into the page; this
 * script picks the one for the device's clock and writes it into the prerendered lines, and leaves
 * it on `window.__openStatusPaint` so the island hydrates to the same words. What only the live
 * status knows (a pause, a busy kitchen) the island adds once it runs.
 */
export function openStatusPaintScript(timeline: OpenStatusTimeline): string {
  return `(function () {
  var lines = (${openStatusAt.toString()})(${scriptJson(timeline)}, Date.now());
  window.__openStatusPaint = lines;
  if (!lines) return;
  var look = ${openStatusLook.toString()};
  var rows = document.querySelectorAll('[${OPEN_STATUS_LINE}]');
  for (var index = 0; index < rows.length && index < lines.length; index += 1) {
    var shown = look(lines[index], index);
    rows[index].querySelector('[${OPEN_STATUS_DOT}]').setAttribute('class', shown.dot);
    var words = rows[index].querySelector('[${OPEN_STATUS_WORDS}]');
    words.setAttribute('class', shown.wordsClass);
    words.textContent = shown.words;
    if (rows[index].parentElement) rows[index].parentElement.setAttribute('${OPEN_STATUS_SHOWN}', 'built');
  }
})();`;
}
