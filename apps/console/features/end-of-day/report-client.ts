import { daySummaryResponseSchema, staffPaths, type DaySummaryResponse } from '../../../../lib/api/staff-contract.ts';
import type { StaffClient } from '../../shell/client.ts';

/** The end-of-day call of the staff API, over the console's client; loaded only with the End of day view. */
export function reportCalls({ call }: Pick<StaffClient, 'call'>) {
  return {
    daySummary: (from: string, to: string): Promise<DaySummaryResponse> =>
      call({ method: 'GET', path: staffPaths.daySummary(from, to), schema: daySummaryResponseSchema, signedIn: true }),
  };
}

export type ReportCalls = ReturnType<typeof reportCalls>;
