import { describe, expect, it } from 'vitest';
import { createMessagingErrorFilter, type MessagingProblem } from './error-filter.ts';

const connection: MessagingProblem = { kind: 'connection' };

describe('messaging error filter', () => {
  it('logs one connection failure per outage', () => {
    const filter = createMessagingErrorFilter();
    expect([filter.shouldLog(connection), filter.shouldLog(connection), filter.shouldLog(connection)]).toEqual([
      true,
      false,
      false,
    ]);
    filter.connected();
    expect([filter.shouldLog(connection), filter.shouldLog(connection)]).toEqual([true, false]);
  });

  it('logs one malformed message per kind and topic, across outages', () => {
    const filter = createMessagingErrorFilter();
    const notify: MessagingProblem = { kind: 'message', topic: 'storefront/111/sf_1/notify' };
    const clock: MessagingProblem = { kind: 'message', topic: 'storefront/111/clock/status' };
    const throwingHandler: MessagingProblem = { kind: 'callback', topic: 'storefront/111/clock/status' };
    expect(
      [notify, notify, clock, clock, throwingHandler, throwingHandler].map((problem) => filter.shouldLog(problem)),
    ).toEqual([true, false, true, false, true, false]);
    filter.connected();
    expect(filter.shouldLog(notify)).toBe(false);
  });
});
