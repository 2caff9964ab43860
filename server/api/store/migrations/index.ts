import type { Migration } from 'kysely/migration';
import { migration as m0001 } from './0001-rate-limit-windows-and-clock-overrides.ts';
import { migration as m0002 } from './0002-customers-sessions-orders-and-intake.ts';
import { migration as m0003 } from './0003-placed-orders-kept-as-placed-on.ts';
import { migration as m0004 } from './0004-a-receipt-for-each-proven-placement.ts';
import { migration as m0005 } from './0005-staff-accounts-sessions-and-audit-orders.ts';
import { migration as m0006 } from './0006-analytics-hits-shared-by-every-api.ts';
import { migration as m0007 } from './0007-live-state-services-busy-or-paused.ts';
import { migration as m0008 } from './0008-table-booking-decisions.ts';
import { migration as m0009 } from './0009-shop-drafts-and-publishes.ts';
import { migration as m0010 } from './0010-shop-parts-in-drafts-and-publishes.ts';
import { migration as m0011 } from './0011-kitchen-stages-accepted-ready-out-for.ts';
import { migration as m0012 } from './0012-staff-known-clients-and-audit-by.ts';
import { migration as m0013 } from './0013-staff-accounts-that-can-be-disabled.ts';
import { migration as m0014 } from './0014-online-payments-and-the-payment-provider.ts';
import { migration as m0015 } from './0015-orders-running-late.ts';
import { migration as m0016 } from './0016-sold-out-marks-kept.ts';
import { migration as m0017 } from './0017-shop-file-switches.ts';
import { migration as m0018 } from './0018-kitchen-printers-and-print-jobs.ts';
import { migration as m0019 } from './0019-auto-accept-per-shop.ts';
import { migration as m0020 } from './0020-kitchen-capacity-slots.ts';
import { migration as m0021 } from './0021-promo-codes-and-their-uses.ts';
import { migration as m0022 } from './0022-print-jobs-held-until-the-start-time.ts';

/**
 * The schema SQLite and PostgreSQL share, written once with Kysely's schema builder and recorded
 * in `store_migrations`. One file per entry, append only (a new entry is the next number's file, added at the end here), like migrations.ts, whose SQLite-only history still runs
 * first on SQLite files and owns every table not listed here. A table moves here when its store
 * moves onto Kysely: its entry creates it IF NOT EXISTS in exactly the shape that history left it
 * in (so an existing SQLite file is untouched and PostgreSQL gets the same table), and every later
 * change to it is a new entry here, never there.
 */
export const storeMigrations: Readonly<Record<string, Migration>> = {
  '0001 rate-limit windows and clock overrides': m0001,
  '0002 customers, sessions, orders and intake': m0002,
  '0003 placed orders kept as placed on PostgreSQL': m0003,
  '0004 a receipt for each proven placement': m0004,
  '0005 staff accounts, sessions and audit; orders ready': m0005,
  '0006 analytics hits shared by every API process': m0006,
  '0007 live state: services busy or paused, dishes sold out': m0007,
  '0008 table booking decisions': m0008,
  '0009 shop drafts and publishes': m0009,
  '0010 shop parts in drafts and publishes': m0010,
  '0011 kitchen stages: accepted, ready, out for delivery, collected, delivered (issue 28)': m0011,
  '0012 staff known clients and audit by age': m0012,
  '0013 staff accounts that can be disabled': m0013,
  '0014 online payments and the payment provider events (issue 30)': m0014,
  '0015 orders running late (issue 28)': m0015,
  '0016 sold-out marks kept (issue 28)': m0016,
  '0017 shop file switches (issue 29)': m0017,
  '0018 kitchen printers and print jobs (issue 28)': m0018,
  '0019 auto-accept per shop (issue 28)': m0019,
  '0020 kitchen capacity slots (issue 28)': m0020,
  '0021 promo codes and their uses (issue 30)': m0021,
  '0022 print jobs held until the start time (issue 28)': m0022,
};
