import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { auditActionText } from '../../lib/console/bookings.ts';
import { formatClock } from '../../lib/console/format.ts';
import { staffApi } from '../../runtime/console-api.ts';
import { $activity, refreshActivity } from '../../stores/console-bookings.ts';
import { secondaryButton } from '../ui/buttons.ts';

/** The owner's audit log: who did what and when, newest first, one entry a line on a phone. */
export default function ActivityView() {
  const activity = useStore($activity);
  const [refreshing, setRefreshing] = useState(false);
  const now = new Date();

  const refresh = () => {
    setRefreshing(true);
    void staffApi()
      .then(refreshActivity)
      .catch(() => undefined)
      .finally(() => setRefreshing(false));
  };

  useEffect(() => {
    refresh();
  }, []);

  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 pb-12 print:hidden">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-2 pt-4">
        <h1 className="text-3xl font-bold tracking-tight">Activity</h1>
        <button type="button" className={`${secondaryButton} min-h-11`} disabled={refreshing} onClick={refresh}>
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">Who signed in and out, took and readied orders and answered bookings, newest first.</p>
      {activity.problem && (
        <p role="status" className="mt-2 rounded-lg border border-primary p-3 font-medium">
          Could not load the activity: {activity.problem}
        </p>
      )}
      {!activity.loaded ? (
        <p className="mt-6">{activity.problem ? '' : 'Loading the activity…'}</p>
      ) : activity.entries.length === 0 ? (
        <p className="mt-6 text-muted-foreground">Nothing recorded yet.</p>
      ) : (
        <ol className="mt-4 divide-y divide-border rounded-2xl border border-border" aria-label="Activity, newest first">
          {activity.entries.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4">
              <time dateTime={entry.at} className="shrink-0 text-sm text-muted-foreground sm:w-40">
                {formatClock(entry.at, now)}
              </time>
              <p className="min-w-0 break-words">
                <span className="font-semibold">{entry.staffName}</span> · {auditActionText(entry.action)}
                {entry.subject && <span> · {entry.subject}</span>}
              </p>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
