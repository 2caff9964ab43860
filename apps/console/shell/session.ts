import { z } from 'zod';
import { staffDeviceSchema } from '../../../lib/api/staff-contract.ts';
import { instant } from '../../../lib/tenant/primitives.ts';
import { SESSION_STORAGE_KEY } from './session-mark.ts';

/**
 * The one thing the console keeps in the browser: the session token and when it ends, in
 * sessionStorage. A kitchen tablet or a shared phone is the usual device, so closing the tab (or
 * the browser) ends access there, while a reload keeps the board; localStorage would leave a
 * 12-hour token for whoever opens the browser next. Names, orders and customers stay in memory.
 */
export const storedSessionSchema = z.object({ token: z.string().min(1).max(1000), expiresAt: instant });
export type StoredSession = z.infer<typeof storedSessionSchema>;

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type SavedSession = { kind: 'none' } | { kind: 'expired' } | { kind: 'valid'; session: StoredSession };

export function hasExpired(session: StoredSession, now: Date): boolean {
  return Date.parse(session.expiresAt) <= now.getTime();
}

/** The saved session: none, one that has ended (removed, so the token goes with it), or one to resume. */
export function readSession(storage: StorageLike | undefined, now: Date): SavedSession {
  let saved: string | null;
  try {
    saved = storage?.getItem(SESSION_STORAGE_KEY) ?? null;
  } catch {
    return { kind: 'none' };
  }
  if (saved === null) return { kind: 'none' };
  let value: unknown;
  try {
    value = JSON.parse(saved);
  } catch {
    value = undefined;
  }
  const parsed = storedSessionSchema.safeParse(value);
  if (!parsed.success) {
    forgetSession(storage);
    return { kind: 'none' };
  }
  if (hasExpired(parsed.data, now)) {
    forgetSession(storage);
    return { kind: 'expired' };
  }
  return { kind: 'valid', session: parsed.data };
}

/** Keeps the session for reloads; without storage (a locked-down browser) it lasts as long as the page. */
export function saveSession(storage: StorageLike | undefined, session: StoredSession): void {
  try {
    storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: session.token, expiresAt: session.expiresAt }));
  } catch {
    // Private modes may refuse storage; the session then ends with the page, which is no harm.
  }
}

export function forgetSession(storage: StorageLike | undefined): void {
  try {
    storage?.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Nothing was kept where storage is refused.
  }
}

const DEVICE_STORAGE_KEY = 'consoleDevice';

/**
 * The device token of this browser's last good sign-in, in localStorage: it opens nothing by itself
 * (the password is still asked), it only lets this device sign in while strangers' wrong passwords
 * hold the account's count for new devices (SECURITY.md).
 */
export function readDevice(storage: StorageLike | undefined): string | undefined {
  try {
    const parsed = staffDeviceSchema.safeParse(storage?.getItem(DEVICE_STORAGE_KEY));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function saveDevice(storage: StorageLike | undefined, device: string): void {
  try {
    storage?.setItem(DEVICE_STORAGE_KEY, device);
  } catch {
    // Without storage the device is new at each sign-in, as before.
  }
}
