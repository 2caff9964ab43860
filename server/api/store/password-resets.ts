import type { Kysely } from 'kysely';
import { randomToken, tokenDigest } from '../services/tokens.ts';
import type { Database } from './schema.ts';

/** Long enough to find the mail, short enough that an old link in a mailbox is worthless. */
export const RESET_TOKEN_HOURS = 1;
const HOUR_MS = 60 * 60 * 1000;

/** Reset links of a retailer's customers. Only digests are stored; a token works once, within the hour, at its own retailer. */
export function createPasswordResetStore(db: Kysely<Database>) {
  return {
    /** A new token for the customer, replacing any earlier one; the caller hands it out once. */
    async issue(customerId: number, retailerId: number, now: Date): Promise<string> {
      const token = randomToken();
      await db.deleteFrom('password_resets').where('expires_at', '<=', now.toISOString()).execute();
      // An older link still in a mailbox stops working the moment a newer one is sent.
      await db.deleteFrom('password_resets').where('customer_id', '=', customerId).execute();
      await db
        .insertInto('password_resets')
        .values({
          token_hash: tokenDigest(token),
          customer_id: customerId,
          retailer_id: retailerId,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + RESET_TOKEN_HOURS * HOUR_MS).toISOString(),
        })
        .execute();
      return token;
    },
    /** Uses up a valid token of this retailer and names its customer; null for an unknown, expired, used or foreign token. */
    async redeem(token: string, retailerId: number, now: Date): Promise<number | null> {
      // One statement, so two requests redeeming the same token cannot both find it unused.
      const row = await db
        .updateTable('password_resets')
        .set({ used_at: now.toISOString() })
        .where('token_hash', '=', tokenDigest(token))
        .where('retailer_id', '=', retailerId)
        .where('expires_at', '>', now.toISOString())
        .where('used_at', 'is', null)
        .returning('customer_id')
        .executeTakeFirst();
      return row?.customer_id ?? null;
    },
  };
}

export type PasswordResetStore = ReturnType<typeof createPasswordResetStore>;
