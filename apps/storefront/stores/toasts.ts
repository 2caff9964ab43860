import { atom } from 'nanostores';
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '../../../lib/constants.ts';

export interface ToastAction {
  label: string;
  /** Runs when the customer picks the action; the toast closes afterwards. */
  run: () => void;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  durationMs?: number;
  action?: ToastAction | null;
  /** Changes the customer's order (added, removed, re-priced, rescheduled, closing): also shown on phones, where the spec's toaster is hidden. */
  onPhones?: boolean;
}

export interface Toast extends Required<Omit<ToastInput, 'action'>> {
  id: number;
  action: ToastAction | null;
  open: boolean;
}

/** Newest first; at most TOAST_LIMIT, the oldest dropped when a new one arrives. */
export const $toasts = atom<Toast[]>([]);

let nextId = 1;
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

/** Shows a notification in the toaster and returns its id. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  const entry: Toast = {
    id,
    title: input.title,
    description: input.description ?? '',
    variant: input.variant ?? 'default',
    durationMs: input.durationMs ?? TOAST_DURATION_MS,
    action: input.action ?? null,
    onPhones: input.onPhones ?? false,
    open: true,
  };
  $toasts.set([entry, ...$toasts.get()].slice(0, TOAST_LIMIT));
  return id;
}

/** A message about the customer's order: the toaster shows it, and on a phone the order notice too. */
export function orderToast(input: ToastInput): number {
  return toast({ ...input, onPhones: true });
}

/** Closes a toast; it leaves the list after TOAST_REMOVE_DELAY_MS, as the spec's toaster keeps dismissed ones that long. */
export function dismissToast(id: number): void {
  $toasts.set($toasts.get().map((entry) => (entry.id === id ? { ...entry, open: false } : entry)));
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      $toasts.set($toasts.get().filter((entry) => entry.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}
