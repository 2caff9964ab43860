import { useEffect, useId, useState } from 'react';
import type { PartEditorProps } from '../../../../lib/shop/parts/part.ts';
import {
  MAX_POPUPS,
  nextPopupId,
  popupDifferences,
  popupProblems,
  popupsProblems,
  putBackPopup,
  type PopupValue,
  type PopupsValue,
} from '../../../../lib/shop/parts/popups.ts';
import { TEXT_MAX } from '../../../../lib/tenant/primitives.ts';
import { secondaryButton } from '../../../../ui/buttons.ts';
import { fieldControl, fieldError, fieldLabel } from '../../../../ui/fields.ts';

const control = `${fieldControl} min-h-11 w-full min-w-0`;
const button = `${secondaryButton} min-h-11`;
const hint = 'text-sm font-normal text-muted-foreground';

/** Ids joined for aria-describedby, or undefined when there are none. */
const describedBy = (...ids: (string | false | undefined)[]) =>
  ids.filter((id): id is string => typeof id === 'string').join(' ') || undefined;

interface PopupFieldsProps {
  popup: PopupValue;
  before: PopupValue | undefined;
  base: string;
  disabled: boolean;
  onPatch: (patch: Partial<PopupValue>) => void;
  onRemove: () => void;
}

function PopupFields({ popup, before, base, disabled, onPatch, onRemove }: PopupFieldsProps) {
  const id = (field: string) => `${base}-${popup.popupId}-${field}`;
  const problems = popupProblems(popup);
  const differences = before ? popupDifferences(before, popup) : [];
  const halfButton = (popup.actionLabel.trim() === '') !== (popup.actionUrl.trim() === '');
  return (
    <fieldset className="min-w-0 rounded-xl border border-border p-4">
      <legend className="max-w-full px-1 font-semibold break-words">
        {popup.title.trim() || 'Popup with no title'}
      </legend>
      {(!before || differences.length > 0) && (
        <p className="text-sm font-medium">
          {before ? `Differs from the shop: ${differences.join(', ')}` : 'New: not on the shop yet'}
        </p>
      )}
      <div className="mt-2 grid gap-3">
        <div className={fieldLabel}>
          <label htmlFor={id('title')}>Title</label>
          <input
            id={id('title')}
            className={control}
            value={popup.title}
            maxLength={TEXT_MAX.name}
            disabled={disabled}
            aria-invalid={problems.title ? true : undefined}
            aria-describedby={describedBy(problems.title !== undefined && id('title-error'))}
            onChange={(event) => onPatch({ title: event.target.value })}
          />
          {problems.title && (
            <span id={id('title-error')} className={fieldError}>
              {problems.title}
            </span>
          )}
        </div>
        <div className={fieldLabel}>
          <label htmlFor={id('body')}>Message</label>
          <textarea
            id={id('body')}
            className={control}
            rows={3}
            value={popup.body}
            maxLength={TEXT_MAX.description}
            disabled={disabled}
            onChange={(event) => onPatch({ body: event.target.value })}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className={fieldLabel}>
            <label htmlFor={id('label')}>Button label</label>
            <input
              id={id('label')}
              className={control}
              value={popup.actionLabel}
              maxLength={TEXT_MAX.name}
              disabled={disabled}
              aria-describedby={describedBy(halfButton && id('button-hint'))}
              onChange={(event) => onPatch({ actionLabel: event.target.value })}
            />
          </div>
          <div className={fieldLabel}>
            <label htmlFor={id('link')}>Button link</label>
            <input
              id={id('link')}
              className={control}
              value={popup.actionUrl}
              maxLength={TEXT_MAX.url}
              inputMode="url"
              autoComplete="off"
              placeholder="/ or https://…"
              disabled={disabled}
              aria-invalid={problems.actionUrl ? true : undefined}
              aria-describedby={describedBy(
                problems.actionUrl !== undefined && id('link-error'),
                halfButton && id('button-hint'),
              )}
              onChange={(event) => onPatch({ actionUrl: event.target.value })}
            />
            {problems.actionUrl && (
              <span id={id('link-error')} className={fieldError}>
                {problems.actionUrl}
              </span>
            )}
          </div>
        </div>
        {halfButton && (
          <p id={id('button-hint')} className={hint}>
            The button shows only when it has both a label and a link.
          </p>
        )}
        <div className="grid gap-3 min-[400px]:grid-cols-2">
          <div className={fieldLabel}>
            <label htmlFor={id('from')}>Shown from</label>
            <input
              id={id('from')}
              type="date"
              className={control}
              value={popup.startDate ?? ''}
              max={popup.endDate ?? undefined}
              disabled={disabled}
              aria-describedby={id('dates-hint')}
              onChange={(event) => onPatch({ startDate: event.target.value || null })}
            />
          </div>
          <div className={fieldLabel}>
            <label htmlFor={id('until')}>Shown until</label>
            <input
              id={id('until')}
              type="date"
              className={control}
              value={popup.endDate ?? ''}
              min={popup.startDate ?? undefined}
              disabled={disabled}
              aria-invalid={problems.endDate ? true : undefined}
              aria-describedby={describedBy(problems.endDate !== undefined && id('until-error'), id('dates-hint'))}
              onChange={(event) => onPatch({ endDate: event.target.value || null })}
            />
            {problems.endDate && (
              <span id={id('until-error')} className={fieldError}>
                {problems.endDate}
              </span>
            )}
          </div>
        </div>
        <p id={id('dates-hint')} className={hint}>
          Empty means no limit. Both days count, by the shop's clock.
        </p>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <label className="flex min-h-11 items-center gap-3 font-medium">
            <input
              type="checkbox"
              className="size-5 accent-[var(--color-primary)]"
              checked={popup.active}
              disabled={disabled}
              onChange={(event) => onPatch({ active: event.target.checked })}
            />
            Show on the shop
          </label>
          <button type="button" className={button} disabled={disabled} onClick={onRemove}>
            Remove<span className="sr-only"> {popup.title}</span>
          </button>
        </div>
      </div>
    </fieldset>
  );
}

/** The shop's popups: edit, switch on or off, add and remove; each change goes to the draft with what still stops it from publishing. */
export default function PopupsEditor({ value, published, onChange, disabled }: PartEditorProps<PopupsValue>) {
  const base = useId();
  const [focusId, setFocusId] = useState<string | null>(null);
  useEffect(() => {
    if (focusId === null) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);

  const publishedById = new Map(published.map((popup) => [popup.popupId, popup]));
  const removed = published.filter((popup) => !value.some((kept) => kept.popupId === popup.popupId));
  const change = (next: PopupsValue) => onChange(next, popupsProblems(next));
  const patch = (popupId: number, fields: Partial<PopupValue>) =>
    change(value.map((popup) => (popup.popupId === popupId ? { ...popup, ...fields } : popup)));
  const add = () => {
    const popupId = nextPopupId(value, published);
    change([
      ...value,
      { popupId, title: '', body: '', actionLabel: '', actionUrl: '', active: true, startDate: null, endDate: null },
    ]);
    setFocusId(`${base}-${popupId}-title`);
  };
  const remove = (popupId: number) => {
    change(value.filter((popup) => popup.popupId !== popupId));
    setFocusId(`${base}-add`);
  };

  return (
    <div className="grid gap-4">
      <p className="text-muted-foreground">
        The home page shows each popup that is switched on and within its dates once per visit, one at a time, in this
        order.
      </p>
      {value.length === 0 && (
        <p className="rounded-xl border border-dashed border-border p-4 text-center text-muted-foreground">
          No popups. The shop shows none.
        </p>
      )}
      <ul className="grid gap-4">
        {value.map((popup) => (
          <li key={popup.popupId}>
            <PopupFields
              popup={popup}
              before={publishedById.get(popup.popupId)}
              base={base}
              disabled={disabled}
              onPatch={(fields) => patch(popup.popupId, fields)}
              onRemove={() => remove(popup.popupId)}
            />
          </li>
        ))}
      </ul>
      <div>
        <button
          id={`${base}-add`}
          type="button"
          className={button}
          disabled={disabled || value.length >= MAX_POPUPS}
          aria-describedby={value.length >= MAX_POPUPS ? `${base}-full` : undefined}
          onClick={add}
        >
          Add a popup
        </button>
        {value.length >= MAX_POPUPS && (
          <p id={`${base}-full`} className={`${hint} mt-1`}>
            A shop has at most {MAX_POPUPS} popups. Remove one to add another.
          </p>
        )}
      </div>
      {removed.length > 0 && (
        <section aria-labelledby={`${base}-removed`} className="rounded-xl border border-border p-4">
          <h3 id={`${base}-removed`} className="font-semibold">
            Removed, still on the shop until you publish
          </h3>
          <ul className="mt-2 grid gap-2">
            {removed.map((popup) => (
              <li key={popup.popupId} className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 break-words">{popup.title}</span>
                <button
                  type="button"
                  className={button}
                  disabled={disabled || value.length >= MAX_POPUPS}
                  onClick={() => change(putBackPopup(value, published, popup.popupId))}
                >
                  Put back<span className="sr-only"> {popup.title}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
