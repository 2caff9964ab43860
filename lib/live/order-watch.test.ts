import { describe, expect, it } from 'vitest';
import { isOrderWatchKey } from './order-watch.ts';

describe('isOrderWatchKey', () => {
  it.each([
    ['16 random bytes in base64url', 'q3Zr0-_AbCdEfGhIjKlMnO', true],
    ['one character short', 'q3Zr0-_AbCdEfGhIjKlMn', false],
    ['one character long', 'q3Zr0-_AbCdEfGhIjKlMnOp', false],
    ['a topic wildcard', 'q3Zr0-_AbCdEfGhIjKlMn+', false],
    ['a multi-level wildcard', 'q3Zr0-_AbCdEfGhIjKlMn#', false],
    ['a topic separator', 'q3Zr0-_AbCdEf/hIjKlMnO', false],
    ['base64 padding', 'q3Zr0-_AbCdEfGhIjKlM==', false],
    ['nothing', '', false],
    ['not text', 12345, false],
    ['undefined', undefined, false],
  ])('%s: %s', (_name, value, expected) => {
    expect(isOrderWatchKey(value)).toBe(expected);
  });
});
