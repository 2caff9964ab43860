import { atom } from 'nanostores';
import { failureText, sessionEnded } from '../../shell/failures.ts';
import type { DaySummaryResponse } from '../../../../lib/api/staff-contract.ts';
import { consoleToken, resetWithSession } from '../../shell/store.ts';
import type { ReportCalls } from './report-client.ts';

/**
 * The End of day view's state, loaded with that view only. An answer that lands after sign-out,
 * after someone else signed in on the device, or after the owner picked other days, is dropped.
 */
export interface EndOfDayState {
  /** The days asked for (YYYY-MM-DD), `to` equal to `from` for one day; empty until the view picks today. */
  from: string;
  to: string;
  loading: boolean;
  /** The last answer, for the days it names (summary.from and summary.to). */
  report: DaySummaryResponse | null;
  problem: string | null;
}

const empty: EndOfDayState = { from: '', to: '', loading: false, report: null, problem: null };
export const $endOfDay = atom<EndOfDayState>(empty);

resetWithSession(() => {
  $endOfDay.set(empty);
});

/** Loads the shop's days `from` to `to`; the figures shown stay until the new ones arrive. */
export async function loadEndOfDay(calls: ReportCalls, from: string, to: string): Promise<void> {
  const token = consoleToken();
  $endOfDay.set({ ...$endOfDay.get(), from, to, loading: true, problem: null });
  const current = () => {
    const state = $endOfDay.get();
    return consoleToken() === token && state.from === from && state.to === to;
  };
  try {
    const report = await calls.daySummary(from, to);
    if (current()) $endOfDay.set({ ...$endOfDay.get(), loading: false, report, problem: null });
  } catch (error) {
    if (!sessionEnded(error) && current())
      $endOfDay.set({ ...$endOfDay.get(), loading: false, problem: failureText(error) });
  }
}
