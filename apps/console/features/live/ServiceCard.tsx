import { useId, useState } from 'react';
import {
  MAX_STAFF_WAIT_MINUTES,
  type LiveService,
  type ServiceMode,
  type ServiceSetting,
} from '../../../../lib/api/live-state-contract.ts';
import { LIVE_PAUSE_MAX_DAYS } from '../../../../lib/constants.ts';
import { MODE_HINT, SERVICE_TEXT, serviceSummary, suggestedUntil, untilFromInput, untilProblem } from './live-state.ts';
import { primaryButton, secondaryButton } from '../../../../ui/buttons.ts';
import { fieldControl, fieldError, fieldLabel } from '../../../../ui/fields.ts';

const touch = 'min-h-11';

export interface ServiceCardProps {
  service: LiveService;
  setting: ServiceSetting;
  now: Date;
  /** This card's change is being saved; any change in flight disables the buttons. */
  saving: boolean;
  busy: boolean;
  onChange: (setting: ServiceSetting) => void;
}

/**
 * One service's live switches: the wait customers are told, and open, busy or paused until a time
 * on the shop's clock, whatever the device's zone (it ends by itself then). Phone first: one column
 * of full-width controls.
 */
export function ServiceCard({ service, setting, now, saving, busy, onChange }: ServiceCardProps) {
  const titleId = useId();
  const [wait, setWait] = useState(String(setting.waitMinutes));
  const [untilInput, setUntilInput] = useState(() => suggestedUntil(now));
  const [problem, setProblem] = useState<string | null>(null);
  const waitMinutes = /^\d{1,3}$/.test(wait.trim()) ? Number(wait.trim()) : NaN;
  const waitProblem =
    Number.isInteger(waitMinutes) && waitMinutes <= MAX_STAFF_WAIT_MINUTES
      ? null
      : `Enter a wait of 0 to ${MAX_STAFF_WAIT_MINUTES} minutes.`;

  const send = (mode: ServiceMode, until: string | null) => {
    const refused = waitProblem ?? (mode === 'open' ? null : untilProblem(until, new Date(), LIVE_PAUSE_MAX_DAYS));
    setProblem(refused);
    if (refused === null) onChange({ waitMinutes, mode, until: mode === 'open' ? null : until });
  };
  const name = SERVICE_TEXT[service];
  const stateClass =
    setting.mode === 'open' ? 'bg-secondary text-secondary-foreground' : 'bg-primary text-primary-foreground';

  return (
    <section
      aria-labelledby={titleId}
      data-service={service}
      data-mode={setting.mode}
      className="flex min-w-0 flex-col gap-4 rounded-2xl border border-border bg-background p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={titleId} className="text-2xl font-bold tracking-tight">
          {name}
        </h2>
        <p className={`rounded-full px-3 py-0.5 text-sm font-semibold ${stateClass}`} data-service-summary>
          {serviceSummary(setting, now)}
        </p>
      </header>

      <label className={fieldLabel}>
        Wait customers are told (minutes)
        <input
          className={fieldControl}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_STAFF_WAIT_MINUTES}
          step={5}
          value={wait}
          onChange={(event) => setWait(event.target.value)}
          aria-invalid={waitProblem !== null || undefined}
        />
      </label>
      <button
        type="button"
        className={`${secondaryButton} ${touch}`}
        disabled={busy}
        onClick={() => send(setting.mode, setting.until)}
      >
        {saving ? 'Saving…' : 'Save the wait'}
      </button>

      {setting.mode === 'open' ? (
        <div className="flex flex-col gap-3">
          <label className={fieldLabel}>
            Busy or paused until
            <input
              className={fieldControl}
              type="datetime-local"
              value={untilInput}
              onChange={(event) => setUntilInput(event.target.value)}
            />
          </label>
          <div className="grid gap-2 min-[22rem]:grid-cols-2">
            <button
              type="button"
              className={`${secondaryButton} ${touch}`}
              disabled={busy}
              onClick={() => send('busy', untilFromInput(untilInput))}
              aria-describedby={`${titleId}-busy`}
            >
              Busy
            </button>
            <button
              type="button"
              className={`${primaryButton} ${touch}`}
              disabled={busy}
              onClick={() => send('paused', untilFromInput(untilInput))}
              aria-describedby={`${titleId}-paused`}
            >
              Pause {name.toLowerCase()}
            </button>
          </div>
          <ul className="flex flex-col gap-1 text-sm text-muted-foreground">
            <li id={`${titleId}-busy`}>Busy: {MODE_HINT.busy}</li>
            <li id={`${titleId}-paused`}>Pause: {MODE_HINT.paused}</li>
          </ul>
        </div>
      ) : (
        <button
          type="button"
          className={`${primaryButton} ${touch}`}
          disabled={busy}
          onClick={() => send('open', null)}
        >
          Resume {name.toLowerCase()} now
        </button>
      )}
      {problem !== null && (
        <p role="alert" className={fieldError}>
          {problem}
        </p>
      )}
    </section>
  );
}
