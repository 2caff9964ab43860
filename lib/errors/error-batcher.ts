/**
 * Client error batching of spec sections 7-9: entries are sent in batches of `batchSize`, or
 * `flushMs` after the first entry of a batch; a batch is dropped once the server accepted it
 * and discarded when sending failed (the send itself carries the one retry). Timers are passed
 * in so the rules can be tested without a browser.
 */
export interface ErrorBatcherOptions<T, Timer> {
  send: (batch: T[]) => Promise<unknown>;
  batchSize: number;
  flushMs: number;
  setTimer: (run: () => void, ms: number) => Timer;
  clearTimer: (timer: Timer) => void;
  /** A failed batch, for the console: never reported as an error itself, or a failing endpoint would feed itself. */
  onDiscard?: (batch: T[], error: unknown) => void;
}

export interface ErrorBatcher<T> {
  add(entry: T): void;
  /** Sends what is queued now (for instance when the page is hidden). */
  flush(): void;
}

export function createErrorBatcher<T, Timer>(options: ErrorBatcherOptions<T, Timer>): ErrorBatcher<T> {
  let queue: T[] = [];
  let timer: Timer | null = null;

  function flush(): void {
    if (timer !== null) options.clearTimer(timer);
    timer = null;
    if (queue.length === 0) return;
    const batch = queue.slice(0, options.batchSize);
    queue = queue.slice(options.batchSize);
    options.send(batch).catch((error: unknown) => options.onDiscard?.(batch, error));
    if (queue.length > 0) schedule();
  }

  function schedule(): void {
    if (queue.length >= options.batchSize) flush();
    else if (timer === null) timer = options.setTimer(flush, options.flushMs);
  }

  return {
    add(entry) {
      queue.push(entry);
      schedule();
    },
    flush,
  };
}

/** Crawlers and bots whose failed image or script loads say nothing about the site. */
const crawlerPattern =
  /bot\b|bot\/|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|pinterest|lighthouse|headlesschrome|phantomjs|google-inspectiontool|mediapartners|adsbot|apis-google|yandex|baidu|duckduck|semrush|ahrefs|petalbot|bytespider|gptbot|claudebot|applebot/i;

export function isCrawler(userAgent: string): boolean {
  return crawlerPattern.test(userAgent);
}
