import { describe, expect, it } from 'vitest';
import { BROKER_CLIENT_ID_PREFIX } from '../constants.ts';
import { isBrowserClientId, newBrowserClientId } from './client-id.ts';

describe('browser client ids', () => {
  it('carry the fixed prefix and 16 hex digits of randomness', () => {
    const id = newBrowserClientId((bytes) => bytes.set([0, 1, 2, 171, 205, 239, 16, 255]));
    expect(id).toBe(`${BROKER_CLIENT_ID_PREFIX}000102abcdef10ff`);
  });

  it('differ between visitors', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newBrowserClientId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(isBrowserClientId(id)).toBe(true);
  });

  it.each([
    [`${BROKER_CLIENT_ID_PREFIX}0a1b2c3d4e5f6789`, true],
    [`${BROKER_CLIENT_ID_PREFIX}A`, true],
    [BROKER_CLIENT_ID_PREFIX, false],
    ['mqttjs_0a1b2c3d', false],
    [`${BROKER_CLIENT_ID_PREFIX}+`, false],
    [`${BROKER_CLIENT_ID_PREFIX}#`, false],
    [`${BROKER_CLIENT_ID_PREFIX}a/b`, false],
    [`${BROKER_CLIENT_ID_PREFIX}${'a'.repeat(33)}`, false],
  ])('%j is a storefront client id: %s', (id, expected) => {
    expect(isBrowserClientId(id)).toBe(expected);
  });
});
