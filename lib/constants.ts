/**
 * Business constants and limits of the spec's section 9, each named once. Durations carry
 * their unit in the name.
 */

export const RETAILER_BASE_TIME_ZONE = 'Australia/Melbourne';

export const DEFAULT_WAIT_TIME_MINUTES = 30;
export const ORDER_FOR_LATER_LEAD_MINUTES = 15;
export const SLOT_STEP_MINUTES = 15;
export const ORDER_FOR_LATER_MIN_DAYS_TO_START = 0;
export const ORDER_FOR_LATER_MAX_DAYS_TO_END = 7;
export const CONSECUTIVE_SHIFT_GAP_MINUTES = 2;

export const CLOSING_INFO_MINUTES = 45;
export const CLOSING_WARNING_MINUTES = 20;
export const CLOSING_URGENT_MINUTES = 10;
export const CLOSING_CRITICAL_MINUTES = 15;
export const CLOSING_SOON_MINUTES = 30;
export const ORDER_FOR_LATER_OFFER_WITHIN_MINUTES = 2880;
/** A next shift starting within this gap suppresses closing warnings. */
export const NEXT_SHIFT_FOLLOWS_WITHIN_MINUTES = 15;

export const CART_SYNC_DEBOUNCE_MS = 1000;
export const CART_EXPIRY_MS = 14 * 24 * 60 * 60 * 1000;
export const PRICE_RECHECK_AFTER_INACTIVITY_MS = 60 * 60 * 1000;
export const PRICE_TOLERANCE_DOLLARS = 0.01;

export const TOAST_LIMIT = 3;
export const TOAST_REMOVE_DELAY_MS = 500000;
export const TOAST_DURATION_MS = 5000;
export const CART_UPDATED_TOAST_MS = 5000;
export const ITEMS_REMOVED_TOAST_MS = 4000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';

export const AVAILABILITY_CACHE_STALE_MS = 5 * 60 * 1000;
export const AVAILABILITY_REFRESH_THROTTLE_MS = 30 * 1000;
export const CLOCK_POLL_MS = 60000;
/** How many dishes, and how many product groups, a shop may mark sold out at once (the clock status carries them all). */
export const SOLD_OUT_MAX_ITEMS = 200;
/** The longest a shop may pause or mark busy a service: the week orders for later reach. */
export const LIVE_PAUSE_MAX_DAYS = 7;
/** How often open pages re-read the time for "open until" texts. */
export const OPEN_STATUS_REFRESH_MS = 30000;

export const DATE_PICKER_LOOKAHEAD_DAYS = 30;
export const NEXT_SHIFT_SEARCH_DAYS = 7;

export const ORDER_PLATFORM_SOURCE_ID = 1;
/** The fixed note of the first status of a visit, naming the web storefront as the origin. */
export const ORDER_ORIGIN_NOTE = 'Order started on the web storefront';
export const ORDER_SOURCE = 'web-storefront';

export const ERROR_LOG_BATCH_SIZE = 10;
export const ERROR_LOG_FLUSH_MS = 5000;
export const ERROR_LOG_TIMEOUT_MS = 10000;
export const ERROR_LOG_RETRIES = 1;

export const BROKER_CONNECT_TIMEOUT_MS = 4000;
export const BROKER_RECONNECT_PERIOD_MS = 5000;
export const BROKER_CLIENT_ID_PREFIX = 'sf_';

export const DEFAULT_LAYOUT = 2;
export const CHUNK_RELOAD_WINDOW_MS = 10000;

/** Money is shown in Australian dollars, formatted for an Australian reader. */
export const MONEY_LOCALE = 'en-AU';
export const MONEY_CURRENCY = 'AUD';

/** Time display: wall-clock times that read "midnight" (data often stores the end of a day as 23:59). */
export const MIDNIGHT_DISPLAY_TIMES: readonly string[] = ['00:00', '00:01', '23:59'];
/** Hours starting at or after EVENING_FROM_START_TIME and ending at or after EVENING_FROM_END_TIME, or past midnight up to EVENING_FROM_NEXT_DAY_END_TIME, read as an evening "from" time. */
export const EVENING_FROM_START_TIME = '16:00';
export const EVENING_FROM_END_TIME = '22:00';
export const EVENING_FROM_NEXT_DAY_END_TIME = '02:00';

/** How often an open, visible page asks whether a newer build of its site exists. */
export const BUILD_POLL_MS = 3 * 60 * 1000;
/** The `<script type="application/json">` carrying a page's retailer settings to its browser services. */
export const PAGE_RUNTIME_ELEMENT_ID = 'page-runtime';
/** The prerendered error screen a page shows when it can no longer work (`apps/storefront/runtime/error-screen.ts`). */
export const ERROR_SCREEN_TEMPLATE_ID = 'error-screen-template';

/**
 * What one online order may come to unless the shop sets its own (retailerInfo.maxOrderValue, in
 * dollars, and maxOrderItems): a large party's order, far above a family's. Larger orders are
 * phoned in, so a prank of 200 lines × 99 pizzas paid in cash never reaches the kitchen (issue 29).
 */
export const DEFAULT_MAX_ORDER_VALUE = 1000;
export const DEFAULT_MAX_ORDER_ITEMS = 100;
/**
 * What an owner may set them to in the console: below a family's order online ordering is no use,
 * above a catering order a prank is back in reach, and 0 would refuse every order.
 */
export const ORDER_BOUND_CENTS = { min: 5_000, max: 1_000_000 } as const;
export const ORDER_BOUND_ITEMS = { min: 5, max: 500 } as const;
