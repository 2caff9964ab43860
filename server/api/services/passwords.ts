import { randomBytes, scrypt, timingSafeEqual, type BinaryLike } from 'node:crypto';

const SALT_BYTES = 16;
const KEY_BYTES = 64;

function derive(password: string, salt: BinaryLike): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export interface PasswordHash {
  salt: Uint8Array;
  hash: Uint8Array;
}

/** scrypt with a fresh random salt per customer. */
export async function hashPassword(password: string): Promise<PasswordHash> {
  const salt = randomBytes(SALT_BYTES);
  return { salt, hash: await derive(password, salt) };
}

/**
 * Checks a password in constant time. With no stored hash (unknown email) it still derives a
 * key, so an answer's timing does not tell whether an account exists.
 */
export async function verifyPassword(password: string, stored: PasswordHash | undefined): Promise<boolean> {
  const salt = stored?.salt ?? randomBytes(SALT_BYTES);
  const key = await derive(password, salt);
  const expected = stored?.hash ?? randomBytes(KEY_BYTES);
  return expected.length === key.length && timingSafeEqual(key, expected) && stored !== undefined;
}
