import { useStore } from '@nanostores/react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { HomePayload } from '../../../../lib/site/payload.ts';
import {
  OPEN_STATUS_DOT,
  OPEN_STATUS_LINE,
  OPEN_STATUS_SHOWN,
  OPEN_STATUS_WORDS,
  openStatusLook,
} from '../../../../lib/site/open-status-paint.ts';
import type { serviceOpenStatus } from '../../../../lib/time/open-status.ts';
import { OPEN_STATUS_SERVICES, type OpenStatusLine } from '../../../../lib/time/open-status-steps.ts';
import { $clockStatus, $now } from '../../stores/clock.ts';
import { withIslandBoundary } from '../IslandBoundary.tsx';

declare global {
  interface Window {
    /** The lines the page's paint script showed (lib/site/open-status-paint.ts). */
    __openStatusPaint?: OpenStatusLine[] | null;
  }
}

interface Props {
  schedule: HomePayload['schedule'];
}

const noChanges = () => () => {};
const paintedLines = () => window.__openStatusPaint ?? null;
const notPainted = () => null;

/**
 * "Pickup open until 1:00 am · Delivery opens today at 5:30 pm". The first paint already shows it
 * from the hours the build knew (the paint script); the island renders the same lines as it
 * hydrates, then the hours rules, loaded at the browser's first idle moment, keep it current on
 * the visitor's clock with the live status (paused, busy) on top.
 */
function OpenStatus({ schedule }: Props) {
  const now = useStore($now);
  const clockStatus = useStore($clockStatus);
  // Null while hydrating, so hydration matches the server's HTML; the painted lines right after.
  const painted = useSyncExternalStore(noChanges, paintedLines, notPainted);
  const [openStatus, setOpenStatus] = useState<typeof serviceOpenStatus>();
  useEffect(() => {
    void import('../../../../lib/time/open-status.ts').then((module) => setOpenStatus(() => module.serviceOpenStatus));
  }, []);
  const live = now !== null && openStatus !== undefined;
  const lines = live ? OPEN_STATUS_SERVICES.map((service) => openStatus(schedule, service, now, clockStatus)) : painted;
  // Two lines always, as the statuses take, so the page does not move and the paint script has where to write.
  return (
    <span className="flex flex-col gap-0.5" {...(lines ? { [OPEN_STATUS_SHOWN]: live ? 'live' : 'built' } : {})}>
      {[0, 1].map((index) => {
        const look = openStatusLook(lines?.[index] ?? null, index);
        return (
          <span key={index} className="flex items-center gap-2" {...{ [OPEN_STATUS_LINE]: index }}>
            <span aria-hidden="true" className={look.dot} {...{ [OPEN_STATUS_DOT]: '' }} />
            <span className={look.wordsClass} suppressHydrationWarning {...{ [OPEN_STATUS_WORDS]: '' }}>
              {look.words}
            </span>
          </span>
        );
      })}
    </span>
  );
}

export default withIslandBoundary(OpenStatus, 'OpenStatus');
