import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { DatabaseSync } from 'node:sqlite';
import { SESSION_COOKIE } from '../../src/lib/api/contract.ts';
import { randomToken, tokenDigest as digest } from './tokens.ts';

export const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The session token a request carries: a bearer token wins over the cookie. */
export function sessionTokenOf(c: Context): string | undefined {
  const authorization = c.req.header('authorization');
  const bearer = authorization?.match(/^Bearer\s+([\w-]{20,200})$/i)?.[1];
  return bearer ?? getCookie(c, SESSION_COOKIE);
}

export function createSessionStore(db: DatabaseSync) {
  const insert = db.prepare('INSERT INTO sessions (token_hash, customer_id, created_at, expires_at) VALUES (?, ?, ?, ?)');
  const find = db.prepare(
    `SELECT sessions.customer_id AS customerId FROM sessions JOIN customers USING (customer_id)
     WHERE token_hash = ? AND expires_at > ? AND customers.retailer_id = ?`,
  );
  const remove = db.prepare('DELETE FROM sessions WHERE token_hash = ?');
  const removeExpired = db.prepare('DELETE FROM sessions WHERE expires_at <= ?');
  const removeAllOf = db.prepare('DELETE FROM sessions WHERE customer_id = ?');

  return {
    /** A new random token for the customer; the caller hands it out once. */
    open(customerId: number, now: Date): string {
      const token = randomToken();
      removeExpired.run(now.toISOString());
      insert.run(digest(token), customerId, now.toISOString(), new Date(now.getTime() + SESSION_DAYS * DAY_MS).toISOString());
      return token;
    },
    /** The logged-in customer of this retailer, or null for a guest, an expired session or another retailer's customer. */
    customerId(token: string | undefined, retailerId: number, now: Date): number | null {
      if (!token) return null;
      const row = find.get(digest(token), now.toISOString(), retailerId);
      return typeof row?.['customerId'] === 'number' ? row['customerId'] : null;
    },
    close(token: string | undefined): void {
      if (token) remove.run(digest(token));
    },
    /** Logs the customer out everywhere, e.g. once their password changed. */
    closeAll(customerId: number): void {
      removeAllOf.run(customerId);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
