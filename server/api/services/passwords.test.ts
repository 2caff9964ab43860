import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it.each([
    ['the same password', 'correct horse battery', 'correct horse battery', true],
    ['another password', 'correct horse battery', 'correct horse batterz', false],
    ['an empty attempt', 'correct horse battery', '', false],
    ['the same text in another Unicode form', 'caf\u00e9-caf\u00e9', 'cafe\u0301-cafe\u0301', true],
  ])('%s verifies as %#', async (_name, password, attempt, expected) => {
    const stored = await hashPassword(password);
    await expect(verifyPassword(attempt, stored)).resolves.toBe(expected);
  });

  it('salts every hash, so two customers with one password store different hashes', async () => {
    const [first, second] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(Buffer.from(first.salt).equals(Buffer.from(second.salt))).toBe(false);
    expect(Buffer.from(first.hash).equals(Buffer.from(second.hash))).toBe(false);
  });

  it('never accepts a login without a stored hash', async () => {
    await expect(verifyPassword('anything', undefined)).resolves.toBe(false);
  });
});
