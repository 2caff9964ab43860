import { createHash, randomBytes } from 'node:crypto';

const TOKEN_BYTES = 32;

/** A bearer secret for a link or a header: 32 random bytes, base64url. */
export function randomToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** Only a digest is stored: a copied database does not hand out live sessions or reset links. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
