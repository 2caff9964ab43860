import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { HomePayload } from '../lib/site/payload.ts';
import { serviceOpenStatus } from '../lib/time/open-status.ts';
import { $clockStatus, $now } from '../stores/clock.ts';
import { withIslandBoundary } from './IslandBoundary.tsx';

interface Props {
  schedule: HomePayload['schedule'];
}

/**
 * "Pickup open until 1:00 am · Delivery opens today at 5:30 pm" on the visitor's clock. The
 * prerendered page cannot know the time, so it shows only the heading until the island runs.
 */
function OpenStatus({ schedule }: Props) {
  const now = useStore($now);
  const clockStatus = useStore($clockStatus);
  // Another island may have started the clock before this one hydrates: the first render must match the server's.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (now === null || !hydrated) return <span>Trading hours</span>;
  const statuses = (['pickup', 'delivery'] as const).map((service) => serviceOpenStatus(schedule, service, now, clockStatus));
  return (
    <span className="flex flex-col gap-0.5" data-open-status>
      {statuses.map((status) => (
        <span key={status.service} className="flex items-center gap-2">
          <span aria-hidden="true" className={`size-2.5 rounded-full ${status.open ? 'bg-primary' : 'border border-muted-foreground'}`} />
          <span className={status.open ? '' : 'font-normal text-muted-foreground'}>{status.text}</span>
        </span>
      ))}
    </span>
  );
}

export default withIslandBoundary(OpenStatus, 'OpenStatus');
