import { z } from 'zod';
import {
  DEFAULT_PREPARATION_MINUTES,
  kitchenStages,
  MAX_PREPARATION_MINUTES,
  MIN_PREPARATION_MINUTES,
} from '../kitchen/kitchen-flow.ts';
import { lateChoices } from '../kitchen/running-late.ts';
import { paymentMethods } from '../cart/payment-methods.ts';
import { id, instant, shopZoneSchema, slugPattern, TEXT_MAX } from '../tenant/primitives.ts';
import { MAX_REPORT_DAYS } from '../kitchen/day-summary.ts';

/**
 * The staff API of the operators' console (issue 19, `/staff/*`), shared by the reference API
 * (validation, and its tests parse every answer with these) and the console (parsing answers before
 * it shows or keeps any of it). Every call after sign-in carries `Authorization: Bearer <token>`.
 * Errors answer `{ error }` (staffErrorSchema): 400 a malformed body or query, 401 a wrong sign-in
 * or a missing, unknown or expired token, 403 a role that may not, 404 an order the staff member's
 * retailer does not have (another retailer's is the same 404), 413 a body too large, 429 too many
 * calls (with Retry-After in seconds).
 *
 * Imports only the light primitives: the console loads this on sign-in, and the customer-facing
 * API contract (contract.ts) would bring the whole catalogue's schemas with it.
 */

export const staffRoles = ['owner', 'kitchen'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** A session lasts a shift and a half: signed in before service, still valid at closing. */
export const STAFF_SESSION_HOURS = 12;

export const staffPaths = {
  signIn: '/staff/sign-in',
  signOut: '/staff/sign-out',
  me: '/staff/me',
  /** Every active order, and the newest `limit` done ones whose number or customer's name has `search`. */
  orders: (limit: number, search = '') =>
    `/staff/orders?limit=${limit}${search === '' ? '' : `&search=${encodeURIComponent(search)}`}`,
  take: (encryptedOrderId: string) => `/staff/orders/${encodeURIComponent(encryptedOrderId)}/take`,
  ready: (encryptedOrderId: string) => `/staff/orders/${encodeURIComponent(encryptedOrderId)}/ready`,
  /** Puts the order at a stage: one step on (a bump), one back (an undo), or leaves it where it is (a repeated tap). */
  stage: (encryptedOrderId: string) => `/staff/orders/${encodeURIComponent(encryptedOrderId)}/stage`,
  /** Declines a new order the kitchen will not make; one paid online is refunded (issue 30). */
  decline: (encryptedOrderId: string) => `/staff/orders/${encodeURIComponent(encryptedOrderId)}/decline`,
  /** Pushes the order's promised time out: the kitchen is running late with it. */
  late: (encryptedOrderId: string) => `/staff/orders/${encodeURIComponent(encryptedOrderId)}/late`,
  audit: (limit: number) => `/staff/audit?limit=${limit}`,
  live: '/staff/live',
  bookings: '/staff/bookings',
  confirmBooking: (bookingId: number) => `/staff/bookings/${bookingId}/confirm`,
  declineBooking: (bookingId: number) => `/staff/bookings/${bookingId}/decline`,
  accounts: '/staff/accounts',
  account: (staffId: number) => `/staff/accounts/${staffId}`,
  removeAccount: (staffId: number) => `/staff/accounts/${staffId}/remove`,
  accountPassword: (staffId: number) => `/staff/accounts/${staffId}/password`,
  ownPassword: '/staff/password',
  /** The owner's end of day: the shop's placed orders of its days `from` to `to` (YYYY-MM-DD, inclusive) and their summary. */
  daySummary: (from: string, to: string) =>
    `/staff/reports/day-summary?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
} as const;

/** The one answer to a wrong retailer, email or password alike, so it tells nothing about which was wrong. */
export const STAFF_SIGN_IN_FAILED = 'Email or password is wrong.';

export const staffErrorSchema = z.object({
  error: z.string().max(500),
  issues: z
    .array(z.object({ path: z.string().max(500), message: z.string().max(500) }))
    .max(100)
    .optional(),
});

/** A device token as the API hands them out (32 random bytes, base64url). */
export const staffDeviceSchema = z.string().regex(/^[\w-]{20,200}$/, 'expected a device token');

/**
 * Bounded so a sign-in cannot make the server hash megabytes. The same rules the console's form
 * checks before any call; a body outside them is a 400, any other mismatch the one 401.
 */
/** A staff member's email as they sign in with it: case and spaces around it do not make another account. */
const staffEmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email('expected an email address'));

export const staffSignInBodySchema = z.object({
  /** The shop's name as staff know it, or its slug (shopByName in lib/tenant/shop-by-name.ts). */
  retailer: z.string().trim().min(1, "expected the shop's name").max(TEXT_MAX.name),
  email: staffEmailSchema,
  password: z.string().min(1, 'expected a password').max(200),
  /** The device token an earlier good sign-in on this device answered: with it the right password works while strangers are locked out. */
  device: staffDeviceSchema.optional(),
});
export type StaffSignInBody = z.infer<typeof staffSignInBodySchema>;

export const staffMemberSchema = z.object({
  staffId: id,
  name: z.string().max(TEXT_MAX.name),
  email: z.string().max(254),
  role: z.enum(staffRoles),
  retailer: z.object({
    slug: z.string().max(63).regex(slugPattern),
    name: z.string().max(TEXT_MAX.name),
    retailerId: id,
    /** The shop's clock: the console shows and reads every time on it, whatever the device's zone. */
    zone: shopZoneSchema,
  }),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffSignInResponseSchema = z.object({
  token: z.string().min(1).max(1000),
  expiresAt: instant,
  staff: staffMemberSchema,
  /** Kept by the device and sent with its next sign-ins (StaffSignInBody.device). */
  device: staffDeviceSchema.optional(),
});
export type StaffSignInResponse = z.infer<typeof staffSignInResponseSchema>;
export const staffMeResponseSchema = z.object({ staff: staffMemberSchema });

/** The kitchen's stages of an order (lib/kitchen/kitchen-flow.ts); `taken` is Accepted. */
export const boardOrderStates = kitchenStages;
export type BoardOrderState = (typeof boardOrderStates)[number];

/**
 * A placed order as the kitchen's board shows it; `lines` are each line in words, `dueAt` the time
 * asked for, or null for "as soon as possible", `promisedAt` the time an ASAP customer was told
 * (null on orders placed before it was recorded).
 */
export const boardOrderSchema = z.object({
  encryptedOrderId: z.string().min(1).max(100),
  orderNumber: z.int().positive(),
  placedAt: instant,
  dueAt: instant.nullable(),
  promisedAt: instant.nullable().default(null),
  /** The later time the kitchen promised since, running late; null when it never did. */
  runningLateUntil: instant.nullable().default(null),
  orderType: z.enum(['delivery', 'pickup']),
  customer: z.object({ name: z.string().max(TEXT_MAX.name), phone: z.string().max(50), email: z.string().max(254) }),
  address: z.string().max(1000).nullable(),
  /** "2 × Margherita · Large 13\" · No basil": one a cart line (a cart holds at most 200). */
  lines: z.array(z.string().max(10_000)).max(200),
  notes: z.string().max(2000).nullable(),
  totalCents: z.int().nonnegative(),
  /** The customer's tip, on top of the total: paid online with it, or to collect with it at the door or counter. */
  tipCents: z.int().nonnegative().default(0),
  /** The promo code the customer applied and what it took off (already out of totalCents); null and 0 without one. */
  promoCode: z.string().max(20).nullable().default(null),
  promoSavingCents: z.int().nonnegative().default(0),
  paymentMethod: z.enum(paymentMethods),
  state: z.enum(boardOrderStates),
  /** Accepted by the API as it arrived, the shop's auto-accept on: staff still acknowledge it. */
  autoAccepted: z.boolean().default(false),
});
export type BoardOrder = z.infer<typeof boardOrderSchema>;

/** How many done orders the board's Done list holds (newest first); active orders have no page. */
export const DEFAULT_BOARD_LIMIT = 50;
export const MAX_BOARD_LIMIT = 200;
export const boardLimitSchema = z.coerce.number().int().min(1).max(MAX_BOARD_LIMIT).default(DEFAULT_BOARD_LIMIT);
/** The Done list's filter: an order number or part of the customer's name. */
export const boardSearchSchema = z.string().trim().max(100).default('');
/**
 * What one shop can have on the go: a Friday's worth of ASAP orders plus a week of orders for
 * later. Past it the answer says how many more there are (`moreActive`) instead of growing without
 * bound, and the board says so: no active order is ever dropped without the kitchen being told.
 */
export const MAX_ACTIVE_ORDERS = 2000;
/** The shop's preparation time (retailerInfo.preparationMinutes); an older API sends none. */
export const preparationMinutesSchema = z
  .int()
  .min(MIN_PREPARATION_MINUTES)
  .max(MAX_PREPARATION_MINUTES)
  .default(DEFAULT_PREPARATION_MINUTES);
/**
 * `orders`: every order not yet collected or delivered, whatever its age (oldest first);
 * `done`: the newest completed ones matching the search.
 */
export const staffOrdersResponseSchema = z.object({
  orders: z.array(boardOrderSchema).max(MAX_ACTIVE_ORDERS),
  moreActive: z.int().nonnegative().default(0),
  done: z.array(boardOrderSchema).max(MAX_BOARD_LIMIT).default([]),
  preparationMinutes: preparationMinutesSchema,
});
export type StaffOrdersResponse = z.infer<typeof staffOrdersResponseSchema>;
export const staffOrderResponseSchema = z.object({ order: boardOrderSchema });
/** `decline`: the order as saved, and the refund of its online payment (null when it was not paid online). */
export const staffDeclineResponseSchema = staffOrderResponseSchema.extend({
  refund: z.object({ refundId: z.string().min(1), cents: z.number().int().nonnegative() }).nullable(),
});
export type StaffDeclineResponse = z.infer<typeof staffDeclineResponseSchema>;
/** `stage`: where the order should be, one step on (a bump) or, with `undo`, one step back; checked against its flow (stageMove in kitchen-flow.ts). */
export const staffStageBodySchema = z.object({ stage: z.enum(kitchenStages), undo: z.boolean().default(false) });
export type StaffStageBody = z.infer<typeof staffStageBodySchema>;
/**
 * `minutes` later than `from`, the time the card showed as promised (or than now, once that has
 * passed); a `from` that is no longer the order's promise changes nothing (runningLate in
 * lib/kitchen/running-late.ts).
 */
export const staffLateBodySchema = z.object({
  minutes: z.union(lateChoices.map((minutes) => z.literal(minutes))),
  from: instant,
});
export type StaffLateBody = z.infer<typeof staffLateBodySchema>;

export const auditActions = [
  'sign-in',
  'sign-out',
  'take',
  'ready',
  'stage',
  'undo-stage',
  'running-late',
  'confirm-booking',
  'decline-booking',
  'decline-order',
  'service',
  'sold-out',
  'back-on',
  'save-draft',
  'publish',
  'undo-publish',
  'staff-add',
  'staff-role',
  'staff-disable',
  'staff-enable',
  'staff-remove',
  'staff-password',
  'own-password',
  'auto-accept',
  'kitchen-settings',
  'promo-codes',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const DEFAULT_AUDIT_LIMIT = 100;
export const MAX_AUDIT_LIMIT = 500;
export const auditLimitSchema = z.coerce.number().int().min(1).max(MAX_AUDIT_LIMIT).default(DEFAULT_AUDIT_LIMIT);
/**
 * `subject`: what the action was about: "Order 12", "Booking 7: Ada, 4 people", the staff member's
 * email for a sign-in or sign-out; for `service` the service's new state ("Delivery paused until
 * today, Tue 5 Mar at 9:00 pm, wait 45 min"), for `sold-out` and `back-on` the dish or group by name.
 */
export const auditEntrySchema = z.object({
  at: instant,
  staffName: z.string().max(TEXT_MAX.name),
  action: z.enum(auditActions),
  subject: z.string().max(500),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const staffAuditResponseSchema = z.object({ entries: z.array(auditEntrySchema).max(MAX_AUDIT_LIMIT) });

/** The broker login of the staff member's retailer, which may subscribe to one topic (see staffOrdersMessageSchema in lib/live/messages.ts for what arrives). */
export const staffLiveResponseSchema = z.object({
  brokerUrl: z.url({ protocol: /^wss?$/, error: 'expected a ws:// or wss:// URL' }),
  username: z.string().min(1).max(200),
  password: z.string().min(1).max(500),
  topic: z.string().min(1).max(500),
});
export type StaffLiveResponse = z.infer<typeof staffLiveResponseSchema>;

/**
 * Table bookings as staff answer them (`/staff/bookings`): a request the customer sent from the
 * storefront is `new` until someone confirms or declines it; a decision stands (the other one is
 * a 409, the same one again answers the booking as it is). The customer-facing side is unchanged.
 */
export const bookingStatuses = ['new', 'confirmed', 'declined'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];
export const bookingDecisions = ['confirm', 'decline'] as const;
export type BookingDecision = (typeof bookingDecisions)[number];

/** `dateTime` as the customer sent it; `decidedBy` the staff member's name at the time. */
export const staffBookingSchema = z.object({
  bookingId: id,
  name: z.string().max(200),
  phone: z.string().max(50),
  partySize: z.int().positive().max(50),
  dateTime: instant,
  notes: z.string().max(1000),
  requestedAt: instant,
  status: z.enum(bookingStatuses),
  decidedBy: z.string().max(200).nullable(),
  decidedAt: instant.nullable(),
});
export type StaffBooking = z.infer<typeof staffBookingSchema>;

export const DEFAULT_BOOKING_LIMIT = 50;
export const MAX_BOOKING_LIMIT = 200;
export const bookingLimitSchema = z.coerce.number().int().min(1).max(MAX_BOOKING_LIMIT).default(DEFAULT_BOOKING_LIMIT);
/** `from`: bookings at or after this instant (default: now); soonest first. */
export const bookingFromSchema = instant.optional();
/** The path id: a positive whole number of at most 9 digits (within both stores' integer), anything else is the 404 of an unknown booking. */
export const bookingIdParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,8}$/)
  .transform(Number)
  .pipe(id);
export const staffBookingsResponseSchema = z.object({ bookings: z.array(staffBookingSchema).max(MAX_BOOKING_LIMIT) });
export const staffBookingResponseSchema = z.object({ booking: staffBookingSchema });

/*
 * Slice 2: the shop's live state (busy, pause, waits, sold out), in a module of its own so the
 * console loads it without this file's other imports.
 */
export * from './live-state-contract.ts';
/* Editing and publishing the shop is in shop-contract.ts, imported only where the shop is edited: its parts' schemas stay out of the board's first load. */

/** A staff account of the owner's shop as the owner manages it (issue 29): a disabled one cannot sign in. */
export const staffAccountSchema = z.object({
  staffId: id,
  name: z.string().max(TEXT_MAX.name),
  email: z.string().max(254),
  role: z.enum(staffRoles),
  disabled: z.boolean(),
  /** Null for an account that never signed in. */
  lastSignInAt: instant.nullable().default(null),
});
export type StaffAccountView = z.infer<typeof staffAccountSchema>;
export const MAX_STAFF_ACCOUNTS = 500;
export const staffAccountsResponseSchema = z.object({ accounts: z.array(staffAccountSchema).max(MAX_STAFF_ACCOUNTS) });
export const staffAccountResponseSchema = z.object({ account: staffAccountSchema });

/** A new password, the same rule as a customer's. */
export const staffNewPasswordSchema = z.string().min(8, 'expected a password of at least 8 characters').max(200);

/** What an owner (or the operator) changes of an account: its role, or whether it may sign in. */
export const staffAccountChangeSchema = z
  .strictObject({ role: z.enum(staffRoles).optional(), disabled: z.boolean().optional() })
  .refine((change) => change.role !== undefined || change.disabled !== undefined, 'expected role or disabled');
export type StaffAccountChange = z.infer<typeof staffAccountChangeSchema>;

/** An account an owner (in the console) or the operator (`npm run operator -- staff add`) adds; the password is hashed on arrival. */
export const newStaffAccountSchema = z.object({
  email: staffEmailSchema,
  name: z.string().trim().min(1, 'expected a name').max(TEXT_MAX.name),
  role: z.enum(staffRoles),
  password: staffNewPasswordSchema,
});
export type NewStaffAccount = z.infer<typeof newStaffAccountSchema>;

export const staffPasswordResetSchema = z.strictObject({ password: staffNewPasswordSchema });
export const ownPasswordChangeSchema = z.strictObject({
  currentPassword: z.string().min(1, 'expected your current password').max(200),
  password: staffNewPasswordSchema,
});

/** The one refusal that keeps a shop manageable: its last enabled owner cannot be demoted, disabled or removed. */
export const LAST_OWNER_REFUSED =
  'A shop keeps at least one owner who can sign in: make another staff member owner first.';

/*
 * End of day (issue 28, item 7; lib/kitchen/day-summary.ts): owners only. The orders come with the
 * summary so the console's CSV lists exactly what the figures add up.
 */
export const reportDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD');
/** A busy shop's month; past it the API asks for a shorter range rather than answer megabytes. */
export const MAX_REPORT_ORDERS = 20_000;

const tallySchema = z.object({ orders: z.int().nonnegative(), salesCents: z.int().nonnegative() });
const tipTallySchema = z.object({ orders: z.int().nonnegative(), tipCents: z.int().nonnegative() });
const promoTallySchema = z.object({ orders: z.int().nonnegative(), savingCents: z.int().nonnegative() });
export const reportOrderSchema = z.object({
  orderNumber: z.int().positive(),
  placedAt: instant,
  service: z.enum(['delivery', 'pickup']),
  paymentMethod: z.enum(paymentMethods),
  totalCents: z.int().nonnegative(),
  tipCents: z.int().nonnegative().default(0),
  /** The promo code applied and its saving, already out of totalCents (the order's sales). */
  promoCode: z.string().max(20).nullable().default(null),
  promoSavingCents: z.int().nonnegative().default(0),
  cancelled: z.boolean(),
  lines: z
    .array(
      z.object({
        dish: z.string().max(200),
        secondHalf: z.string().max(200).nullable(),
        quantity: z.int().min(1).max(99),
        lineCents: z.int().nonnegative(),
      }),
    )
    .max(200),
});
export const daySummarySchema = z.object({
  from: reportDateSchema,
  to: reportDateSchema,
  totals: tallySchema.extend({ averageCents: z.int().nonnegative() }),
  cancelled: tallySchema,
  byHour: z.array(tallySchema.extend({ hour: z.int().min(0).max(23) })).length(24),
  byDay: z.array(tallySchema.extend({ date: reportDateSchema })).max(MAX_REPORT_DAYS),
  byDish: z
    .array(
      z.object({ dish: z.string().max(200), quantity: z.number().nonnegative(), salesCents: z.int().nonnegative() }),
    )
    .max(MAX_REPORT_ORDERS * 2),
  byService: z.array(tallySchema.extend({ service: z.enum(['delivery', 'pickup']) })).max(2),
  byPayment: z.array(tallySchema.extend({ paymentMethod: z.enum(paymentMethods) })).max(paymentMethods.length),
  tips: tipTallySchema.extend({
    byPayment: z.array(tipTallySchema.extend({ paymentMethod: z.enum(paymentMethods) })).max(paymentMethods.length),
  }),
  promos: promoTallySchema
    .extend({ byCode: z.array(promoTallySchema.extend({ code: z.string().max(20) })).max(MAX_REPORT_ORDERS) })
    .default({ orders: 0, savingCents: 0, byCode: [] }),
});
export const daySummaryResponseSchema = z.object({
  /** The shop's clock the days were counted on. */
  zone: shopZoneSchema,
  summary: daySummarySchema,
  orders: z.array(reportOrderSchema).max(MAX_REPORT_ORDERS),
});
export type DaySummaryResponse = z.infer<typeof daySummaryResponseSchema>;
