import { BROKER_CLIENT_ID_PREFIX } from '../constants.ts';

const RANDOM_BYTES = 8;

/**
 * Letters and digits only after the prefix: the client id becomes a topic level, so `+`, `#`
 * or `/` in it would let a visitor widen its own notify subscription to everyone's.
 */
export const browserClientIdPattern = new RegExp(`^${BROKER_CLIENT_ID_PREFIX}[A-Za-z0-9]{1,32}$`);

export function isBrowserClientId(clientId: string): boolean {
  return browserClientIdPattern.test(clientId);
}

/** A fresh visitor client id: the fixed prefix and 16 random hex digits (19 characters, within MQTT 3.1's 23). */
export function newBrowserClientId(
  fillRandom: (bytes: Uint8Array<ArrayBuffer>) => void = (bytes) => globalThis.crypto.getRandomValues(bytes),
): string {
  const bytes = new Uint8Array(RANDOM_BYTES);
  fillRandom(bytes);
  return BROKER_CLIENT_ID_PREFIX + Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
