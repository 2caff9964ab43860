import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { HomePayload } from '../../../../lib/site/payload.ts';
import type { serviceOpenStatus } from '../../../../lib/time/open-status.ts';
import { $clockStatus, $now } from '../../stores/clock.ts';
import { withIslandBoundary } from '../IslandBoundary.tsx';

interface Props {
  schedule: HomePayload['schedule'];
}

/**
 * "Pickup open until 1:00 am · Delivery opens today at 5:30 pm" on the visitor's clock. The
 * prerendered page cannot know the time, so it shows only the heading until the island runs (at
 * the browser's first idle moment: the hours are part of what the first seconds must get right);
 * the hours rules load as it hydrates, keeping them out of the page's first JavaScript without
 * waiting for a second idle moment.
 */
function OpenStatus({ schedule }: Props) {
  const now = useStore($now);
  const clockStatus = useStore($clockStatus);
  // Undefined on the first render, so hydration matches the server's text even when another island started the clock.
  const [openStatus, setOpenStatus] = useState<typeof serviceOpenStatus>();
  useEffect(() => {
    void import('../../../../lib/time/open-status.ts').then((module) => setOpenStatus(() => module.serviceOpenStatus));
  }, []);
  if (now === null || openStatus === undefined) {
    // Two lines, as the statuses will take, so the page does not move when they arrive.
    return (
      <span className="flex flex-col gap-0.5">
        <span>Trading hours</span>
        <span aria-hidden="true" className="invisible">
          ·
        </span>
      </span>
    );
  }
  const statuses = (['pickup', 'delivery'] as const).map((service) => openStatus(schedule, service, now, clockStatus));
  return (
    <span className="flex flex-col gap-0.5" data-open-status>
      {statuses.map((status) => (
        <span key={status.service} className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className={`size-2.5 rounded-full ${status.open ? 'bg-primary' : 'border border-muted-foreground'}`}
          />
          <span className={status.open ? '' : 'font-normal text-muted-foreground'}>{status.text}</span>
        </span>
      ))}
    </span>
  );
}

export default withIslandBoundary(OpenStatus, 'OpenStatus');
