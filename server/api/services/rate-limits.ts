import type { Context } from 'hono';
import type { ApiEnv } from '../env.ts';
import { ApiProblem } from './problems.ts';
import type { RateLimitStore } from '../store/rate-limits.ts';

/** At most `attempts` in a window of `windowMs`, counted from the first attempt of the window. */
export interface Limit {
  attempts: number;
  windowMs: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Limits of the anonymous calls that guess or spam: per account (the email as sent, known or not, so
 * a 429 says nothing about whether an account exists), per client address, and per retailer for
 * what staff read (error logs, bookings, the mailing list, statuses), so many addresses together
 * still cannot bury a shop. SECURITY.md says why each is what it is.
 */
export const DEFAULT_RATE_LIMITS = {
  loginPerEmail: { attempts: 10, windowMs: 15 * MINUTE_MS },
  loginPerAddress: { attempts: 50, windowMs: 15 * MINUTE_MS },
  resetRequestPerEmail: { attempts: 3, windowMs: HOUR_MS },
  resetRequestPerAddress: { attempts: 20, windowMs: HOUR_MS },
  resetPasswordPerAddress: { attempts: 20, windowMs: HOUR_MS },
  signupPerAddress: { attempts: 30, windowMs: HOUR_MS },
  // A visitor sends a page view per page and one per outbound click; 5 a second is far beyond any
  // person, with room for an office behind one address and for the e2e suite's browsers.
  analyticsHitsPerAddress: { attempts: 300, windowMs: MINUTE_MS },
  // A page sends a batch of up to 10 errors at most every few seconds, and only while it is broken.
  errorLogsPerAddress: { attempts: 60, windowMs: 10 * MINUTE_MS },
  errorLogsPerRetailer: { attempts: 1000, windowMs: HOUR_MS },
  // A person asks for a table or two; a household or an office shares an address.
  tableBookingsPerAddress: { attempts: 10, windowMs: HOUR_MS },
  tableBookingsPerRetailer: { attempts: 300, windowMs: DAY_MS },
  mailingListPerAddress: { attempts: 10, windowMs: HOUR_MS },
  mailingListPerRetailer: { attempts: 500, windowMs: DAY_MS },
  // A visit sends a start status, one per change of order type and one per login or logout.
  orderStatusesPerAddress: { attempts: 120, windowMs: 10 * MINUTE_MS },
  orderlessStatusesPerRetailer: { attempts: 5000, windowMs: HOUR_MS },
  // Staff sign-in, as a customer's login: per account (retailer and email, known or not), then per address.
  staffSignInPerAccount: { attempts: 10, windowMs: 15 * MINUTE_MS },
  staffSignInPerAddress: { attempts: 50, windowMs: 15 * MINUTE_MS },
  // A signed-in staff member's current password, checked before they change it: as many tries as a sign-in.
  staffPasswordChecksPerAccount: { attempts: 10, windowMs: 15 * MINUTE_MS },
  // Every other staff call: a console polls every 15 s (40 in 10 minutes); a kitchen's few tablets
  // behind one address, their takes and readies and reconnects fit many times over.
  staffCallsPerAddress: { attempts: 1200, windowMs: 10 * MINUTE_MS },
  // Every staff call that may change something, per account: each change is an audit entry. A
  // Friday rush on one shared kitchen tablet (150 orders in ten minutes, four steps each: accept,
  // ready, out or collected, delivered) and its live changes fit; a day of them is 2,500 orders.
  // Together with the audit's 180 days this bounds the log.
  staffActionsPerAccount: { attempts: 600, windowMs: 10 * MINUTE_MS },
  staffActionsPerAccountDaily: { attempts: 10_000, windowMs: DAY_MS },
  // Each change of a shop's live state goes out to all its open pages: a busy kitchen marks a dish
  // or changes a wait every few seconds at most, far below this.
  staffLiveChangesPerRetailer: { attempts: 120, windowMs: 10 * MINUTE_MS },
  // A customer types a promo code or two, and a typo; a household shares an address. Guessing codes
  // (check-promo, or place-order / pay-online with a code) gets 20 tries an hour per address.
  promoChecksPerAddress: { attempts: 20, windowMs: HOUR_MS },
  // Each pay-online opens a session at the shop's payment provider: a customer opens one or two,
  // a household or office a few more; a shop's Friday rush stays far below the per-retailer one.
  payOnlinePerAddress: { attempts: 20, windowMs: 10 * MINUTE_MS },
  payOnlinePerRetailer: { attempts: 2000, windowMs: HOUR_MS },
  // Stripe sends a few events per paid order (and retries failures); its senders share few addresses.
  paymentEventsPerRetailer: { attempts: 3000, windowMs: 10 * MINUTE_MS },
  paymentEventsPerAddress: { attempts: 3000, windowMs: 10 * MINUTE_MS },
  cloudPrntPerAddress: { attempts: 1500, windowMs: 10 * MINUTE_MS },
  cloudPrntPerPrinter: { attempts: 300, windowMs: 10 * MINUTE_MS },
  reprintsPerRetailer: { attempts: 200, windowMs: HOUR_MS },
  // An owner setting up printers prints a test ticket a few times; each one costs paper.
  testPrintsPerRetailer: { attempts: 30, windowMs: HOUR_MS },
  // Turning auto-accept on or off is a setting changed a few times a day at most.
  kitchenSettingsPerRetailer: { attempts: 30, windowMs: HOUR_MS },
  // An owner sets up a promotion's codes a few saves at a time.
  promoCodeChangesPerRetailer: { attempts: 60, windowMs: HOUR_MS },
} satisfies Record<string, Limit>;

export type LimitName = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimitSettings = Record<LimitName, Limit>;

export interface RateLimiter {
  /**
   * Counts one attempt before any slow work, so parallel requests cannot all slip in before the
   * first one is counted. Answers null when allowed, else the seconds until the window ends.
   */
  take(key: string, now: number): Promise<number | null>;
  /** Clears a key, e.g. an account's failed logins once the right password was given. */
  forgive(key: string): Promise<void>;
}

/** One limit over the shared store; its keys are prefixed with its name, so limits never count each other's hits. */
export function createRateLimiter(store: RateLimitStore, name: string, limit: Limit): RateLimiter {
  const keyOf = (key: string) => `${name}:${key}`;
  return {
    async take(key, now) {
      const { hits, resetAt } = await store.take(keyOf(key), limit.windowMs, now);
      return hits <= limit.attempts ? null : Math.max(1, Math.ceil((resetAt - now) / 1000));
    },
    forgive: (key) => store.forgive(keyOf(key)),
  };
}

export type RateLimiters = Record<LimitName, RateLimiter>;

export function createRateLimiters(store: RateLimitStore, settings: Partial<RateLimitSettings> = {}): RateLimiters {
  const all: RateLimitSettings = { ...DEFAULT_RATE_LIMITS, ...settings };
  const names = Object.keys(DEFAULT_RATE_LIMITS) as LimitName[];
  return Object.fromEntries(names.map((name) => [name, createRateLimiter(store, name, all[name])])) as RateLimiters;
}

/**
 * The address the request came from. Behind a reverse proxy every request comes from the proxy, so
 * with `trustProxy` the last X-Forwarded-For entry (the one the proxy itself added) is used instead.
 */
export function clientAddress<E extends Pick<ApiEnv, 'Bindings'>>(c: Context<E>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return c.env.incoming?.socket.remoteAddress ?? 'unknown';
}

function waitText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Counts the attempt against each limiter in turn; a 429 with Retry-After at the first one spent.
 * The later ones are not counted then, so one client hammering its own limit does not use up the
 * shared ones (an account's, a retailer's) listed after it.
 */
export async function throttle(
  what: string,
  now: Date,
  ...checks: readonly (readonly [RateLimiter, string])[]
): Promise<void> {
  for (const [limiter, key] of checks) {
    const seconds = await limiter.take(key, now.getTime());
    if (seconds !== null)
      throw new ApiProblem(
        429,
        `Too many ${what}. Please try again in ${waitText(seconds)}.`,
        {},
        { 'retry-after': String(seconds) },
      );
  }
}
