import type { Kysely } from 'kysely';
import {
  liveServices,
  type LiveService,
  type LiveState,
  type ServiceSetting,
} from '../../../lib/api/staff-contract.ts';
import { DEFAULT_WAIT_TIME_MINUTES } from '../../../lib/constants.ts';
import type { SoldOutTally } from '../../../lib/live/often-sold-out.ts';
import type { Database } from './schema.ts';

export type SoldOutKind = 'product' | 'group';

const USUAL: ServiceSetting = { waitMinutes: DEFAULT_WAIT_TIME_MINUTES, mode: 'open', until: null };

/**
 * The shop's live state (staff-contract.ts, slice 2) over the API's database or one transaction of
 * it. Reads work the state out at `now`: what has run out reads as open or back on, so no process
 * has to be running at the moment a pause ends for it to end.
 */
export function createLiveStateStore(db: Kysely<Database>) {
  return {
    async get(retailerId: number, now: Date): Promise<LiveState> {
      const at = now.toISOString();
      const [services, soldOut] = await Promise.all([
        db
          .selectFrom('live_services')
          .select(['service', 'wait_minutes', 'mode', 'until'])
          .where('retailer_id', '=', retailerId)
          .execute(),
        db
          .selectFrom('sold_out_items')
          .select(['kind', 'item_id', 'until'])
          .where('retailer_id', '=', retailerId)
          .where('until', '>', at)
          .orderBy('item_id')
          .execute(),
      ]);
      const settingOf = (service: LiveService): ServiceSetting => {
        const row = services.find((candidate) => candidate.service === service);
        if (!row) return USUAL;
        const running = row.mode !== 'open' && row.until !== null && row.until > at;
        return { waitMinutes: row.wait_minutes, mode: running ? row.mode : 'open', until: running ? row.until : null };
      };
      const ids = (kind: SoldOutKind) => soldOut.filter((row) => row.kind === kind).map((row) => row.item_id);
      // Everything still sold out was marked in the current trading day, so it ends together; the latest is kept should the hours have changed.
      const until = soldOut.reduce<string | null>(
        (latest, row) => (latest === null || row.until > latest ? row.until : latest),
        null,
      );
      return {
        pickup: settingOf('pickup'),
        delivery: settingOf('delivery'),
        soldOut: { productIds: ids('product'), productGroupIds: ids('group'), until },
      };
    },

    async setService(retailerId: number, service: LiveService, setting: ServiceSetting, now: Date): Promise<void> {
      const row = {
        retailer_id: retailerId,
        service,
        wait_minutes: setting.waitMinutes,
        mode: setting.mode,
        until: setting.until,
        updated_at: now.toISOString(),
      };
      await db
        .insertInto('live_services')
        .values(row)
        .onConflict((conflict) =>
          conflict.columns(['retailer_id', 'service']).doUpdateSet((eb) => ({
            wait_minutes: eb.ref('excluded.wait_minutes'),
            mode: eb.ref('excluded.mode'),
            until: eb.ref('excluded.until'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    },

    /** How many of a kind are sold out at `now`. */
    async soldOutCount(retailerId: number, kind: SoldOutKind, now: Date): Promise<number> {
      const row = await db
        .selectFrom('sold_out_items')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('retailer_id', '=', retailerId)
        .where('kind', '=', kind)
        .where('until', '>', now.toISOString())
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Marks a dish or group sold out until `until`, or back on with null. The retailer's marks that have run out go. */
    async setSoldOut(
      retailerId: number,
      kind: SoldOutKind,
      itemId: number,
      until: string | null,
      now: Date,
    ): Promise<void> {
      await db
        .deleteFrom('sold_out_items')
        .where('retailer_id', '=', retailerId)
        .where('until', '<=', now.toISOString())
        .execute();
      if (until === null) {
        await db
          .deleteFrom('sold_out_items')
          .where('retailer_id', '=', retailerId)
          .where('kind', '=', kind)
          .where('item_id', '=', itemId)
          .execute();
        return;
      }
      await db
        .insertInto('sold_out_items')
        .values({ retailer_id: retailerId, kind, item_id: itemId, until, marked_at: now.toISOString() })
        .onConflict((conflict) =>
          conflict
            .columns(['retailer_id', 'kind', 'item_id'])
            .doUpdateSet((eb) => ({ until: eb.ref('excluded.until'), marked_at: eb.ref('excluded.marked_at') })),
        )
        .execute();
    },

    /** Keeps that a dish or group was marked sold out, for the picker's quick chips; a back-on keeps nothing. */
    async recordSoldOutMark(retailerId: number, kind: SoldOutKind, itemId: number, now: Date): Promise<void> {
      await db
        .insertInto('sold_out_marks')
        .values({ retailer_id: retailerId, kind, item_id: itemId, at: now.toISOString() })
        .execute();
    },

    /** How often each dish was marked sold out since `since`, and when last. */
    async soldOutTallies(retailerId: number, since: Date): Promise<SoldOutTally[]> {
      const rows = await db
        .selectFrom('sold_out_marks')
        .select((eb) => ['item_id', eb.fn.countAll<number | string>().as('count'), eb.fn.max('at').as('last_at')])
        .where('retailer_id', '=', retailerId)
        .where('kind', '=', 'product')
        .where('at', '>=', since.toISOString())
        .groupBy('item_id')
        .execute();
      return rows.map((row) => ({ productId: row.item_id, count: Number(row.count), lastAt: row.last_at }));
    },

    /** Every retailer's instants still ahead at which something ends (a pause, busy, sold out), for the processes that tell open pages then. */
    async endingsAfter(now: Date): Promise<{ retailerId: number; at: string }[]> {
      const at = now.toISOString();
      const [services, soldOut] = await Promise.all([
        db
          .selectFrom('live_services')
          .select(['retailer_id', 'until'])
          .where('mode', '!=', 'open')
          .where('until', '>', at)
          .execute(),
        db.selectFrom('sold_out_items').select(['retailer_id', 'until']).where('until', '>', at).distinct().execute(),
      ]);
      const seen = new Set<string>();
      const endings: { retailerId: number; at: string }[] = [];
      for (const row of [...services, ...soldOut]) {
        if (row.until === null || seen.has(`${row.retailer_id} ${row.until}`)) continue;
        seen.add(`${row.retailer_id} ${row.until}`);
        endings.push({ retailerId: row.retailer_id, at: row.until });
      }
      return endings;
    },
  };
}

export type LiveStateStore = ReturnType<typeof createLiveStateStore>;

/** When the state's busy, paused and sold-out parts end, as ISO instants (none for what is open or back on). */
export function endingsOf(state: LiveState): string[] {
  const instants = [...liveServices.map((service) => state[service].until), state.soldOut.until];
  return [...new Set(instants.filter((instant) => instant !== null))];
}
