import { beforeEach, describe, expect, it } from 'vitest';
import type { DaySummaryResponse } from '../../../../lib/api/staff-contract.ts';
import { daySummary } from '../../../../lib/kitchen/day-summary.ts';
import { EVENING, json, memoryStorage, owner, scriptedApi, signInAnswer } from '../../shell/test-fixtures.ts';
import { endSession, setConsoleEnvironment, signIn } from '../../shell/store.ts';
import { reportCalls } from './report-client.ts';
import { $endOfDay, loadEndOfDay } from './store.ts';

const KEY = 'GET /staff/reports/day-summary';
const answerFor = (from: string, to: string): DaySummaryResponse => ({
  zone: 'Australia/Melbourne',
  summary: daySummary([], from, to, 'Australia/Melbourne'),
  orders: [],
});

const storage = memoryStorage();
let api: ReturnType<typeof scriptedApi>;
beforeEach(async () => {
  setConsoleEnvironment({ storage: () => storage, now: () => EVENING });
  endSession(null);
  api = scriptedApi();
  api.answer('POST /staff/sign-in', json(200, signInAnswer));
  await signIn(api.client, { retailer: 'bella-napoli', email: owner.email, password: 'bella-napoli-owner' });
});

describe('the End of day view’s state', () => {
  it('keeps the answer for the days asked, and says why a load failed', async () => {
    api.answer(
      KEY,
      json(200, answerFor('2026-11-25', '2026-11-25')),
      json(400, { error: 'A report covers at most 31 days: choose a shorter range.' }),
    );
    await loadEndOfDay(reportCalls(api.client), '2026-11-25', '2026-11-25');
    expect($endOfDay.get()).toMatchObject({ from: '2026-11-25', loading: false, problem: null });
    expect($endOfDay.get().report?.summary.from).toBe('2026-11-25');
    await loadEndOfDay(reportCalls(api.client), '2026-10-01', '2026-11-25');
    expect($endOfDay.get()).toMatchObject({
      loading: false,
      problem: 'A report covers at most 31 days: choose a shorter range.',
    });
  });

  it('drops an answer for days no longer asked for, and what one session saw from the next', async () => {
    api.answer(KEY, json(200, answerFor('2026-11-24', '2026-11-24')));
    const calls = reportCalls(api.client);
    const slow = loadEndOfDay(calls, '2026-11-24', '2026-11-24');
    $endOfDay.set({ ...$endOfDay.get(), from: '2026-11-25', to: '2026-11-25' });
    await slow;
    expect($endOfDay.get().report).toBeNull();

    api.answer(KEY, json(200, answerFor('2026-11-25', '2026-11-25')));
    await loadEndOfDay(reportCalls(api.client), '2026-11-25', '2026-11-25');
    expect($endOfDay.get().report).not.toBeNull();
    endSession(null);
    expect($endOfDay.get().report).toBeNull();
  });
});
