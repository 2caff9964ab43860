import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from './session-mark.ts';
import { forgetSession, readSession, saveSession, type StorageLike } from './session.ts';
import { EVENING } from './test-fixtures.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  const storage: StorageLike = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
  return { storage, items };
}

const refusing: StorageLike = {
  getItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
};

describe('the saved session', () => {
  it('keeps the token and its end, nothing else, and gives them back before the end', () => {
    const { storage, items } = memoryStorage();
    saveSession(storage, { token: 't-1', expiresAt: '2026-11-25T20:00:00.000Z' });
    expect(Object.fromEntries(items)).toEqual({
      [SESSION_STORAGE_KEY]: JSON.stringify({ token: 't-1', expiresAt: '2026-11-25T20:00:00.000Z' }),
    });
    expect(readSession(storage, EVENING)).toEqual({
      kind: 'valid',
      session: { token: 't-1', expiresAt: '2026-11-25T20:00:00.000Z' },
    });
  });

  it('is said to have ended once its time is up, and the token goes', () => {
    const { storage, items } = memoryStorage();
    saveSession(storage, { token: 't-1', expiresAt: EVENING.toISOString() });
    expect(readSession(storage, EVENING)).toEqual({ kind: 'expired' });
    expect(items.size).toBe(0);
  });

  it.each([['not json'], ['{"token":""}'], ['{"token":"t","expiresAt":"tomorrow"}'], ['null']])(
    'is forgotten when unreadable (%s)',
    (saved) => {
      const { storage, items } = memoryStorage({ [SESSION_STORAGE_KEY]: saved });
      expect(readSession(storage, EVENING)).toEqual({ kind: 'none' });
      expect(items.size).toBe(0);
    },
  );

  it('is simply absent where the browser refuses storage, and nothing throws', () => {
    expect(readSession(refusing, EVENING)).toEqual({ kind: 'none' });
    expect(() => saveSession(refusing, { token: 't', expiresAt: EVENING.toISOString() })).not.toThrow();
    expect(() => forgetSession(refusing)).not.toThrow();
    expect(readSession(undefined, EVENING)).toEqual({ kind: 'none' });
  });
});
