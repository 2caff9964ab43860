import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { liveServices } from '../../../../lib/api/live-state-contract.ts';
import type { StaffMember } from '../../../../lib/api/staff-contract.ts';
import { staffApi } from '../../shell/staff-api.ts';
import { $livePanel, changeService, changeSoldOut, refreshLivePanel } from './store.ts';
import { primaryButton } from '../../../../ui/buttons.ts';
import { ServiceCard } from './ServiceCard.tsx';
import { SoldOutPicker } from './SoldOutPicker.tsx';

/** Another device's change shows within this; every change made here shows at once. */
const LIVE_POLL_MS = 30_000;

/**
 * The shop's live switches, phone first: wait times, busy and pause per service, and what is sold
 * out today. What it shows is what the server holds; open storefront pages follow it.
 */
export default function LivePanel({ staff }: { staff: StaffMember }) {
  const panel = useStore($livePanel);
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    let stopped = false;
    const refresh = () => {
      setNow(new Date());
      void staffApi().then((client) => (stopped ? undefined : refreshLivePanel(client)));
    };
    refresh();
    const timer = setInterval(refresh, LIVE_POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  const { liveState, menu, problem, saving, notice } = panel;
  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 pb-12">
      <div className="pt-3">
        <h1 className="text-3xl font-bold tracking-tight">Live</h1>
        <p className="text-muted-foreground">
          What {staff.retailer.name}’s open shop pages show about waits, busy, pauses and sold-out dishes.
        </p>
      </div>
      <p
        aria-live="polite"
        className={
          notice ? `rounded-lg border p-3 font-medium ${notice.ok ? 'border-border' : 'border-primary'}` : 'sr-only'
        }
        data-live-notice
      >
        {notice?.text ?? ''}
      </p>
      {problem !== null && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-primary p-3 font-medium"
        >
          <span>Could not read the shop’s live state: {problem}</span>
          <button
            type="button"
            className={`${primaryButton} min-h-11`}
            onClick={() => void staffApi().then(refreshLivePanel)}
          >
            Try again
          </button>
        </div>
      )}
      {liveState === null ? (
        problem === null && <p>Loading the shop’s live state…</p>
      ) : (
        <>
          <div className="grid gap-4 md:grid-cols-2">
            {liveServices.map((service) => {
              const setting = liveState[service];
              return (
                <ServiceCard
                  key={`${service}-${setting.mode}-${setting.until ?? ''}-${setting.waitMinutes}`}
                  service={service}
                  setting={setting}
                  now={now}
                  saving={saving === service}
                  busy={saving !== null}
                  onChange={(changed) => void staffApi().then((client) => changeService(client, service, changed))}
                />
              );
            })}
          </div>
          <SoldOutPicker
            soldOut={liveState.soldOut}
            menu={menu}
            now={now}
            saving={saving}
            onChange={(body, name) => void staffApi().then((client) => changeSoldOut(client, body, name))}
          />
        </>
      )}
    </main>
  );
}
