import { type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** 0013 staff accounts that can be disabled. */
export const migration: Migration = {
  // Issue 29: an owner or the operator disables an account (it keeps its name in the audit log and
  // can be enabled again) rather than only removing it.
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('staff_accounts').addColumn('disabled_at', 'text').execute();
  },
};
