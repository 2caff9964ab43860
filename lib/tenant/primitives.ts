import { z } from 'zod';
import { formatMoney } from '../pricing/money.ts';
import { isTimeZoneName } from '../time/shop-zone.ts';

/**
 * Upper bounds of the free text in a tenant's data, in characters. Each such field is copied into
 * the pages (every page's head, the payload, the menu), so one unbounded field multiplies into the
 * size of the whole deployment and the memory of its build: a 20 MB SEO description once built a
 * 337 MB deployment. The bounds sit far above what a shop writes and far below what hurts.
 */
export const TEXT_MAX = {
  /** Names, titles, labels: one line on a card or a button. */
  name: 200,
  /** Addresses, phone numbers, colours, keywords, reasons: one line of detail. */
  line: 500,
  /** What search engines show is ~160 characters; the rest is slack. */
  seoDescription: 1000,
  /** A product, group, special or popup description: a paragraph or two. */
  description: 2000,
  /** URLs and image paths. */
  url: 2000,
  /** Markdown of a custom section or page. */
  markdown: 50_000,
} as const;

/** Text of at most `max` characters, saying so when longer. */
export const text = (max: number) => z.string().max(max, `expected at most ${max} characters`);

/** Wall-clock time of day in the retailer's zone, 24-hour `HH:mm`. */
export const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected a time of day as HH:mm (00:00-23:59)');

/** Calendar date in the retailer's zone, `yyyy-MM-dd`. */
export const calendarDate = z.iso.date({ error: 'expected a date as yyyy-MM-dd' });

/** 0 = Sunday ... 6 = Saturday, as JavaScript's Date#getDay counts. */
export const weekday = z.int().min(0).max(6, 'expected a weekday 0 (Sunday) to 6 (Saturday)');

/** Money as the retailer API sends it: dollars with at most two decimals. Converted to cents in lib/pricing. */
export const dollars = z
  .number()
  .refine(
    (value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
    'expected an amount with at most two decimals',
  );

export const nonNegativeDollars = dollars.refine((value) => value >= 0, 'expected an amount of 0 or more');

/** A dish of the sample menus costs tens of dollars; a typo of three extra zeros is refused. Also bounds the fees and minimums a shop edits. */
export const MAX_DISH_PRICE_CENTS = 100_000;

/**
 * Dollars from `min` to `max` cents. The bounds are kept in cents because the console edits the
 * amount in cents with the same constants, so a file and the console refuse the same amounts.
 */
export const dollarsWithin = ({ min, max }: { min: number; max: number }) =>
  nonNegativeDollars.refine(
    (value) => {
      const cents = Math.round(value * 100);
      return cents >= min && cents <= max;
    },
    `expected an amount from ${formatMoney(min)} to ${formatMoney(max)}`,
  );

/** A price on the menu (a dish at a size, an extra, a choice): what the console's price editor takes, from $0 to MAX_DISH_PRICE_CENTS. */
export const dishPrice = dollarsWithin({ min: 0, max: MAX_DISH_PRICE_CENTS });

/** An option's choice may take money off as well as add it, within the same bound either way. */
export const choicePrice = dollars.refine(
  (value) => Math.abs(Math.round(value * 100)) <= MAX_DISH_PRICE_CENTS,
  `expected an amount within ${formatMoney(MAX_DISH_PRICE_CENTS)} either way`,
);

export const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'expected a colour as #rrggbb');

export const id = z.int().positive();

/** A tenant's folder name, which is also its local host name (`<slug>.localhost`) and how staff name their shop at sign-in. */
export const slugPattern = /^[a-z0-9][a-z0-9-]*$/;

/** The years an instant may fall in: orders, bookings, statuses and error reports are all of now, give or take a browser's wrong clock. */
export const INSTANT_YEARS = { first: 2000, last: 2199 } as const;

/**
 * An ISO-8601 date and time with its offset, within INSTANT_YEARS: a year 0000 or 9999 is no one's
 * order time, and such dates break the calendar arithmetic done with them.
 */
export const instant = z.iso.datetime({ offset: true }).refine((value) => {
  const year = new Date(value).getUTCFullYear();
  return year >= INSTANT_YEARS.first && year <= INSTANT_YEARS.last;
}, `expected a date and time in the years ${INSTANT_YEARS.first} to ${INSTANT_YEARS.last}`);

/** The API's "any" wildcard in special items. */
export const ANY = -1;
export const idOrAny = z.union([z.literal(ANY), id]);

/** Schemes a link may use. Anything else (`javascript:`, `data:`, `vbscript:`) could run script in the shop's origin. */
const SAFE_LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/**
 * True for an http(s), mailto or tel URL or a relative link (`/about`, `#menu`, `?x`). Browsers drop
 * tabs and newlines and ignore leading control characters and spaces before reading a scheme, so the
 * scheme is read the same way here: `java\tscript:` is still `javascript:`. A character reference
 * before the path (`javascript&colon;`) is refused: inside an attribute it could spell a scheme.
 */
export function isSafeLink(href: string): boolean {
  const normalised = href.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '');
  if (/^[^/?#]*&/.test(normalised)) return false;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(normalised)?.[1];
  if (scheme === undefined) return true;
  return SAFE_LINK_SCHEMES.has(`${scheme.toLowerCase()}:`);
}

/** A link an operator wrote: http(s), mailto, tel or relative. */
export const safeLink = z
  .string()
  .trim()
  .max(TEXT_MAX.url, `expected at most ${TEXT_MAX.url} characters`)
  .refine(isSafeLink, 'expected an http(s), mailto: or tel: URL or a relative link');

/** An absolute web address, such as a site visitors are sent to. */
export const webUrl = z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' });

/** An IANA time zone the runtime's Intl supports, e.g. "Australia/Perth". */
export const timeZoneName = z
  .string()
  .max(64)
  .refine(isTimeZoneName, { error: 'expected an IANA time zone, e.g. "Australia/Perth"' });

/** The shop's clock (lib/time/shop-zone.ts): hours from Melbourne in quarter-hour steps, or a named zone. */
export const shopZoneSchema = z.union([z.number().min(-12).max(12).multipleOf(0.25), timeZoneName]);
