import type { ApiClient } from '../../../lib/api/client.ts';
import type { ErrorLogEntryInput } from '../../../lib/api/contract.ts';
import { ERROR_LOG_BATCH_SIZE, ERROR_LOG_FLUSH_MS } from '../../../lib/constants.ts';
import { createErrorBatcher, isCrawler } from '../../../lib/errors/error-batcher.ts';
import { $customer } from '../stores/customer.ts';
import { drainErrors, type CapturedError } from './error-capture.ts';

/** A page that fails the same way in a loop reports it once; the cap keeps a broken page from flooding the log. */
const MAX_ENTRIES_PER_PAGE = 100;

function clip(text: string | null | undefined, max: number): string | null {
  return text ? text.slice(0, max) : null;
}

/** One captured error as the spec's error log entry, with the page's retailer, customer and browser. */
export function errorLogEntry(captured: CapturedError, retailerId: number): ErrorLogEntryInput {
  return {
    errorType: captured.errorType,
    message: clip(captured.message, 5000) ?? 'Unknown error',
    stack: clip(captured.stack, 20000),
    filename: clip(captured.filename, 2000),
    lineno: captured.lineno ?? null,
    colno: captured.colno ?? null,
    component: clip(captured.component, 500),
    additionalContext: captured.additionalContext ?? null,
    retailerId,
    customerId: $customer.get().custInfo?.customerId ?? null,
    route: clip(captured.route, 2000),
    userAgent: clip(navigator.userAgent, 1000),
    timestamp: captured.timestamp,
    url: clip(captured.url, 2000),
  };
}

let started = false;

/** Takes over from the first-paint capture and sends the page's errors to the retailer API in batches. */
export function startErrorReporter(api: () => Promise<ApiClient>, retailerId: number): void {
  if (started) return;
  started = true;
  const crawler = isCrawler(navigator.userAgent);
  const seen = new Set<string>();
  let discardLogged = false;
  const batcher = createErrorBatcher<ErrorLogEntryInput, ReturnType<typeof setTimeout>>({
    send: async (batch) => (await api()).createErrorLogs(batch),
    batchSize: ERROR_LOG_BATCH_SIZE,
    flushMs: ERROR_LOG_FLUSH_MS,
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => clearTimeout(timer),
    onDiscard: (batch, error) => {
      if (discardLogged) return;
      discardLogged = true;
      console.warn(`${batch.length} error log entries could not be sent and were discarded`, error);
    },
  });
  drainErrors((captured) => {
    if (captured.errorType === 'resource' && crawler) return;
    const key = [captured.errorType, captured.message, captured.filename, captured.lineno, captured.component].join(
      '|',
    );
    if (seen.has(key) || seen.size >= MAX_ENTRIES_PER_PAGE) return;
    seen.add(key);
    batcher.add(errorLogEntry(captured, retailerId));
  });
  // A visitor leaving within the five seconds would otherwise take the last errors along.
  addEventListener('pagehide', () => batcher.flush());
}
