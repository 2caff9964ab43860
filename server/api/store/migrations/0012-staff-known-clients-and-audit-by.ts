import { type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** 0012 staff known clients and audit by age. */
export const migration: Migration = {
  // Issue 29: a device or address an account signed in from before keeps signing in while strangers
  // fail against that account (only digests: the device's token and the address are not kept), and
  // the audit log is trimmed by the age of its entries, which the index finds per retailer.
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('staff_known_clients')
      .addColumn('staff_id', 'integer', (column) =>
        column.notNull().references('staff_accounts.staff_id').onDelete('cascade'),
      )
      .addColumn('client_digest', 'text', (column) => column.notNull())
      .addColumn('last_sign_in_at', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('staff_known_clients_pk', ['staff_id', 'client_digest'])
      .execute();
    await db.schema.createIndex('staff_audit_retailer_at').on('staff_audit').columns(['retailer_id', 'at']).execute();
  },
};
