import { type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** 0022 print jobs held until the start time (issue 28). */
export const migration: Migration = {
  // An order for later, accepted days ahead, prints when the kitchen starts it
  // (lib/kitchen/kitchen-flow.ts ticketPrintsAt): its tickets wait queued until `not_before`, which
  // no printer is handed a job before. Null, as on every earlier job, prints at once.
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('print_jobs').addColumn('not_before', 'text').execute();
  },
};
