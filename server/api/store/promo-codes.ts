import type { Kysely } from 'kysely';
import { promoCodeSchema, type PromoCode } from '../../../lib/cart/promo.ts';
import type { Database } from './schema.ts';

/** Who used a code, as one use per customer counts them: a guest is their phone number or their email. */
export interface PromoCustomer {
  phoneNumber: string;
  email: string;
}

const phoneKey = (phone: string) => phone.replace(/\D/g, '');
const emailKey = (email: string) => email.trim().toLowerCase();

/** A shop's promo codes and the orders that used them, kept by the API only. */
export function createPromoCodeStore(db: Kysely<Database>) {
  return {
    /** The shop's codes; a row whose terms this code no longer reads is left out rather than honoured. */
    async list(retailerId: number): Promise<PromoCode[]> {
      const rows = await db
        .selectFrom('promo_codes')
        .select('terms')
        .where('retailer_id', '=', retailerId)
        .orderBy('code')
        .execute();
      return rows.flatMap((row) => {
        const parsed = promoCodeSchema.safeParse(JSON.parse(row.terms));
        return parsed.success ? [parsed.data] : [];
      });
    },

    /** Sets the shop's codes to exactly `codes`: a code left out is ended, its uses kept. */
    async replace(retailerId: number, codes: readonly PromoCode[], now: Date): Promise<void> {
      await db.deleteFrom('promo_codes').where('retailer_id', '=', retailerId).execute();
      if (codes.length === 0) return;
      await db
        .insertInto('promo_codes')
        .values(
          codes.map((code) => ({
            retailer_id: retailerId,
            code: code.code,
            terms: JSON.stringify(code),
            updated_at: now.toISOString(),
          })),
        )
        .execute();
    },

    /** Uses so far of a code by everyone, and by this customer (by phone number or email). */
    async uses(
      retailerId: number,
      code: string,
      customer: PromoCustomer | null,
    ): Promise<{ usesSoFar: number; usesByCustomer: number }> {
      const all = await db
        .selectFrom('promo_uses')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
        .where('retailer_id', '=', retailerId)
        .where('code', '=', code)
        .executeTakeFirst();
      const mine = customer
        ? await db
            .selectFrom('promo_uses')
            .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
            .where('retailer_id', '=', retailerId)
            .where('code', '=', code)
            .where((eb) =>
              eb.or([
                eb('phone_key', '=', phoneKey(customer.phoneNumber)),
                eb('email_key', '=', emailKey(customer.email)),
              ]),
            )
            .executeTakeFirst()
        : undefined;
      return { usesSoFar: Number(all?.count ?? 0), usesByCustomer: Number(mine?.count ?? 0) };
    },

    /** Counts one use by an order; run in the retailer's write transaction right after `uses` said there is one left. */
    async use(retailerId: number, code: string, orderId: number, customer: PromoCustomer, now: Date): Promise<void> {
      await db
        .insertInto('promo_uses')
        .values({
          retailer_id: retailerId,
          code,
          order_id: orderId,
          phone_key: phoneKey(customer.phoneNumber),
          email_key: emailKey(customer.email),
          used_at: now.toISOString(),
        })
        .onConflict((conflict) => conflict.column('order_id').doNothing())
        .execute();
    },

    /** Gives an order's use back: its online payment expired or was cancelled, so it never reached the kitchen. */
    async release(orderId: number): Promise<void> {
      await db.deleteFrom('promo_uses').where('order_id', '=', orderId).execute();
    },
  };
}

export type PromoCodeStore = ReturnType<typeof createPromoCodeStore>;
