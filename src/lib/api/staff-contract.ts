import { z } from 'zod';
import { paymentMethods } from '../cart/checkout.ts';
import { id, instant } from '../tenant/index.ts';
import { email, newPassword, personName } from './contract.ts';

/**
 * The staff API of the operators' console (issue 19, `/staff/*`), shared by the reference API
 * (validation) and the console (parsing answers). Every call after sign-in carries
 * `Authorization: Bearer <token>`. Errors answer `{ error }` (staffErrorSchema): 400 a malformed
 * body or query, 401 a wrong sign-in or a missing, unknown or expired token, 403 a role that may
 * not, 404 an order the staff member's retailer does not have (another retailer's is the same
 * 404), 413 a body too large, 429 too many calls (with Retry-After in seconds).
 */

export const staffRoles = ['owner', 'kitchen'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** A session lasts a shift and a half: signed in before service, still valid at closing. */
export const STAFF_SESSION_HOURS = 12;
/** The board shows what was placed since this long ago. */
export const BOARD_WINDOW_HOURS = 24;

export const staffPaths = {
  signIn: '/staff/sign-in',
  signOut: '/staff/sign-out',
  me: '/staff/me',
  orders: '/staff/orders',
  take: (encryptedOrderId: string) => `/staff/orders/${encodeURIComponent(encryptedOrderId)}/take`,
  ready: (encryptedOrderId: string) => `/staff/orders/${encodeURIComponent(encryptedOrderId)}/ready`,
  audit: '/staff/audit',
  live: '/staff/live',
} as const;

/** The one answer to a wrong retailer, email or password alike, so it tells nothing about which was wrong. */
export const STAFF_SIGN_IN_FAILED = 'Email or password is wrong.';

export const staffErrorSchema = z.object({ error: z.string(), issues: z.array(z.object({ path: z.string(), message: z.string() })).optional() });

/** Bounded so a sign-in cannot make the server hash megabytes; a wrong shape is a 400, any other mismatch the 401. */
export const staffSignInBodySchema = z.object({
  retailer: z.string().trim().toLowerCase().min(1, 'expected the retailer of the console').max(100),
  email: z.string().trim().toLowerCase().min(1, 'expected an email address').max(254),
  password: z.string().min(1, 'expected a password').max(200),
});

export const staffMemberSchema = z.object({
  staffId: id,
  name: z.string(),
  email: z.string(),
  role: z.enum(staffRoles),
  retailer: z.object({ slug: z.string(), name: z.string(), retailerId: id }),
});

export const staffSignInResponseSchema = z.object({ token: z.string(), expiresAt: instant, staff: staffMemberSchema });
export const staffMeResponseSchema = z.object({ staff: staffMemberSchema });

export const boardStates = ['new', 'taken', 'ready'] as const;
export type BoardState = (typeof boardStates)[number];

/** A placed order as the kitchen's board shows it; `lines` are each line in words, `dueAt` the time asked for, or null for "as soon as possible". */
export const boardOrderSchema = z.object({
  encryptedOrderId: z.string(),
  orderNumber: z.int().positive(),
  placedAt: instant,
  dueAt: instant.nullable(),
  orderType: z.enum(['delivery', 'pickup']),
  customer: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
  address: z.string().nullable(),
  lines: z.array(z.string()),
  notes: z.string().nullable(),
  totalCents: z.int().nonnegative(),
  paymentMethod: z.enum(paymentMethods),
  state: z.enum(boardStates),
});
export type BoardOrder = z.infer<typeof boardOrderSchema>;

export const DEFAULT_BOARD_LIMIT = 50;
export const boardLimitSchema = z.coerce.number().int().min(1).max(200).default(DEFAULT_BOARD_LIMIT);
export const staffOrdersResponseSchema = z.object({ orders: z.array(boardOrderSchema) });
export const staffOrderResponseSchema = z.object({ order: boardOrderSchema });

export const auditActions = ['sign-in', 'sign-out', 'take', 'ready', 'service', 'sold-out', 'back-on'] as const;
export type AuditAction = (typeof auditActions)[number];

export const DEFAULT_AUDIT_LIMIT = 100;
export const auditLimitSchema = z.coerce.number().int().min(1).max(500).default(DEFAULT_AUDIT_LIMIT);
/**
 * `subject`: what the action was about, "Order 12" or the staff member's email for a sign-in; for
 * `service` the service's new state ("Delivery paused until today, Tue 5 Mar at 9:00 pm, wait 45 min"),
 * for `sold-out` and `back-on` the dish or group by name.
 */
export const auditEntrySchema = z.object({ at: instant, staffName: z.string(), action: z.enum(auditActions), subject: z.string() });
export const staffAuditResponseSchema = z.object({ entries: z.array(auditEntrySchema) });

/** The broker login of the staff member's retailer (see staffOrdersMessageSchema in lib/live/messages.ts for what arrives). */
export const staffLiveResponseSchema = z.object({ brokerUrl: z.string(), username: z.string(), password: z.string(), topic: z.string() });

/** What an operator sends to add a staff account (`npm run operator -- staff add`). */
export const newStaffAccountSchema = z.object({ email, name: personName, role: z.enum(staffRoles), password: newPassword });
export type NewStaffAccount = z.infer<typeof newStaffAccountSchema>;

/*
 * Slice 2: the shop's live state (busy, pause, waits, sold out), in a module of its own so the
 * console loads it without this file's other imports (checkout, the storefront contract).
 */
export * from './live-state-contract.ts';
