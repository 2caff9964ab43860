import { type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** 0010 shop parts in drafts and publishes. */
export const migration: Migration = {
  // The console edits more of the shop than dish prices (hours, closed dates, fees, theme,
  // popups, specials): the draft keeps each changed part's value, and a publish what each part
  // was before, which Undo publish writes back.
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('shop_drafts')
      .addColumn('parts_json', 'text', (column) => column.notNull().defaultTo('{}'))
      .execute();
    await db.schema
      .alterTable('shop_publishes')
      .addColumn('parts_json', 'text', (column) => column.notNull().defaultTo('[]'))
      .execute();
  },
};
