import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Kysely } from 'kysely';
import { SESSION_COOKIE } from '../../../lib/api/contract.ts';
import type { Database } from '../store/schema.ts';
import { randomToken, tokenDigest as digest } from './tokens.ts';

export const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The token of an `Authorization: Bearer` header, if it has the shape of one of randomToken's. */
export function bearerTokenOf(c: Pick<Context, 'req'>): string | undefined {
  return c.req.header('authorization')?.match(/^Bearer\s+([\w-]{20,200})$/i)?.[1];
}

/** The session token a request carries: a bearer token wins over the cookie. */
export function sessionTokenOf(c: Context): string | undefined {
  return bearerTokenOf(c) ?? getCookie(c, SESSION_COOKIE);
}

export function createSessionStore(db: Kysely<Database>) {
  return {
    /** A new random token for the customer; the caller hands it out once. */
    async open(customerId: number, now: Date): Promise<string> {
      const token = randomToken();
      await db.deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).execute();
      await db
        .insertInto('sessions')
        .values({
          token_hash: digest(token),
          customer_id: customerId,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + SESSION_DAYS * DAY_MS).toISOString(),
        })
        .execute();
      return token;
    },
    /** The logged-in customer of this retailer, or null for a guest, an expired session or another retailer's customer. */
    async customerId(token: string | undefined, retailerId: number, now: Date): Promise<number | null> {
      if (!token) return null;
      const row = await db
        .selectFrom('sessions')
        .innerJoin('customers', 'customers.customer_id', 'sessions.customer_id')
        .select('sessions.customer_id')
        .where('sessions.token_hash', '=', digest(token))
        .where('sessions.expires_at', '>', now.toISOString())
        .where('customers.retailer_id', '=', retailerId)
        .executeTakeFirst();
      return row?.customer_id ?? null;
    },
    async close(token: string | undefined): Promise<void> {
      if (token) await db.deleteFrom('sessions').where('token_hash', '=', digest(token)).execute();
    },
    /** Logs the customer out everywhere, e.g. once their password changed. */
    async closeAll(customerId: number): Promise<void> {
      await db.deleteFrom('sessions').where('customer_id', '=', customerId).execute();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
