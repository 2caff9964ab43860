import type { DatabaseSync } from 'node:sqlite';
import { randomToken, tokenDigest } from '../tokens.ts';
import { integer } from './rows.ts';

/** Long enough to find the mail, short enough that an old link in a mailbox is worthless. */
export const RESET_TOKEN_HOURS = 1;
const HOUR_MS = 60 * 60 * 1000;

/** Reset links of a retailer's customers. Only digests are stored; a token works once, within the hour, at its own retailer. */
export function createPasswordResetStore(db: DatabaseSync) {
  const insert = db.prepare('INSERT INTO password_resets (token_hash, customer_id, retailer_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)');
  // An older link still in a mailbox stops working the moment a newer one is sent.
  const removeAllOf = db.prepare('DELETE FROM password_resets WHERE customer_id = ?');
  const removeExpired = db.prepare('DELETE FROM password_resets WHERE expires_at <= ?');
  const findUsable = db.prepare('SELECT customer_id FROM password_resets WHERE token_hash = ? AND retailer_id = ? AND expires_at > ? AND used_at IS NULL');
  const markUsed = db.prepare('UPDATE password_resets SET used_at = ? WHERE token_hash = ?');

  return {
    /** A new token for the customer, replacing any earlier one; the caller hands it out once. */
    issue(customerId: number, retailerId: number, now: Date): string {
      const token = randomToken();
      removeExpired.run(now.toISOString());
      removeAllOf.run(customerId);
      insert.run(tokenDigest(token), customerId, retailerId, now.toISOString(), new Date(now.getTime() + RESET_TOKEN_HOURS * HOUR_MS).toISOString());
      return token;
    },
    /** Uses up a valid token of this retailer and names its customer; null for an unknown, expired, used or foreign token. */
    redeem(token: string, retailerId: number, now: Date): number | null {
      const digest = tokenDigest(token);
      const row = findUsable.get(digest, retailerId, now.toISOString());
      if (!row) return null;
      markUsed.run(now.toISOString(), digest);
      return integer(row, 'customer_id');
    },
  };
}

export type PasswordResetStore = ReturnType<typeof createPasswordResetStore>;
