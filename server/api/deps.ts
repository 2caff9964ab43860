import type { Kysely } from 'kysely';
import type { PrintingService } from './printing/print-jobs.ts';
import type { ClockPush } from './services/clock-push.ts';
import type { LivePublisher } from './services/live-publisher.ts';
import type { RateLimiters } from './services/rate-limits.ts';
import type { PaymentGateway } from './services/stripe-gateway.ts';
import type { TenantDirectory } from './services/tenants.ts';
import type { AnalyticsHitStore } from './store/analytics-hits.ts';
import type { ClockOverrideStore } from './store/clock-overrides.ts';
import type { IntakeStore } from './store/intake.ts';
import type { Database } from './store/schema.ts';
import type { Stores } from './store/stores.ts';

/** What every route reads: the database and its stores (the same as withStores hands a transaction), the tenants, and the API's services and settings. */
export interface ApiDeps extends Stores {
  /** The API's database (SQLite or PostgreSQL); writes of several statements go through withStores over it. */
  db: Kysely<Database>;
  tenants: TenantDirectory;
  /** The tenant folders the API serves; publishing from the console rewrites files there (server/api/services/shop-files.ts). */
  tenantsDir: string;
  intake: IntakeStore;
  clockOverrides: ClockOverrideStore;
  /** What the local analytics sink has received, in the database (shared by every API process on it). */
  analyticsHits: AnalyticsHitStore;
  publisher: LivePublisher;
  /** Tells open storefront pages the clock status when staff change it and when a pause or sold-out day runs out. */
  clockPush: ClockPush;
  /** Kitchen tickets: queued per station on Accept, sent to TCP printers, fetched by CloudPRNT ones. */
  printing: PrintingService;
  operatorToken: string;
  /** BROKER_STAFF_SECRET: the broker passwords /staff/live hands out are derived from it (broker/acl.ts). */
  brokerStaffSecret: string;
  /** The origins of the operators' console, the only pages CORS lets call /staff/*. */
  consoleOrigins: readonly string[];
  /** The broker the console is sent to instead of the tenant's brokerUrl (the local stack's own broker), or null. */
  consoleBrokerUrl: string | null;
  rateLimits: RateLimiters;
  /** Each shop's Stripe account, where it has one (STRIPE_ACCOUNTS_FILE). */
  paymentGateway: PaymentGateway;
  /** Whether a password reset link goes to the log (development only, see ApiServerOptions). */
  logResetLinks: boolean;
  /** Whether X-Forwarded-For names the client (the API runs behind a reverse proxy). */
  trustProxy: boolean;
  now: () => Date;
  log: (line: string) => void;
}
