import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { auditActionText } from '../bookings/bookings.ts';
import { formatClock } from '../board/format.ts';
import { staffApi } from '../../shell/staff-api.ts';
import { $activity, refreshActivity } from '../bookings/store.ts';
import { SectionView } from '../../shell/SectionView.tsx';

/** The owner's audit log: who did what and when, newest first, one entry a line on a phone. */
export default function ActivityView() {
  const activity = useStore($activity);
  const now = new Date();
  const refresh = () => staffApi().then(refreshActivity, () => undefined);

  useEffect(() => {
    void refresh();
  }, []);

  return (
    <SectionView
      title="Activity"
      width="narrow"
      onRefresh={refresh}
      summary={
        <p className="mt-1 text-sm text-muted-foreground">
          Who signed in and out, took and readied orders and answered bookings, newest first.
        </p>
      }
      problem={activity.problem}
      loaded={activity.loaded}
      loadingText="Loading the activity…"
      emptyText={activity.entries.length === 0 ? 'Nothing recorded yet.' : null}
    >
      <ol className="mt-4 divide-y divide-border rounded-2xl border border-border" aria-label="Activity, newest first">
        {activity.entries.map((entry, index) => (
          <li
            key={`${entry.at}-${index}`}
            className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4"
          >
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
    </SectionView>
  );
}
