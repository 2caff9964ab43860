import { z } from 'zod';
import { id, instant, slugPattern, webUrl } from '../tenant/primitives.ts';

/**
 * The staff API as the console uses it (issue 19, slice 1: sign-in and the order board). Every
 * answer is parsed here before the console shows or keeps any of it.
 */

export const STAFF_ROLES = ['owner', 'kitchen'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ORDER_STATES = ['new', 'taken', 'ready'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** How many orders the board asks for; the API takes 1 to 200 and answers the last 24 hours, newest first. */
export const BOARD_ORDER_LIMIT = 50;
export const MAX_ORDER_LIMIT = 200;
export const AUDIT_LIMIT = 100;

/** The board asks the API again this often while the broker is not pushing (and at once when it comes back). */
export const BOARD_POLL_MS = 15_000;

/** What sign-in accepts; the same limits the API holds the fields to, so a form error shows before any call. */
export const signInBodySchema = z.object({
  retailer: z.string().trim().toLowerCase().max(63).regex(slugPattern, 'expected a tenant slug'),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('expected an email address')),
  password: z.string().min(1, 'expected a password').max(200),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const staffSchema = z.object({
  staffId: z.union([id, z.string().min(1).max(100)]),
  name: z.string().max(200),
  email: z.string().max(254),
  role: z.enum(STAFF_ROLES),
  retailer: z.object({ slug: z.string().regex(slugPattern), name: z.string().max(200), retailerId: id }),
});
export type Staff = z.infer<typeof staffSchema>;

export const signInAnswerSchema = z.object({ token: z.string().min(1).max(1000), expiresAt: instant, staff: staffSchema });
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

export const meAnswerSchema = z.object({ staff: staffSchema });

export const boardOrderSchema = z.object({
  encryptedOrderId: z.string().min(1).max(200),
  orderNumber: z.int().nonnegative(),
  placedAt: instant,
  /** Null: as soon as possible. */
  dueAt: instant.nullable(),
  orderType: z.enum(['delivery', 'pickup']),
  customer: z.object({ name: z.string().max(200), phone: z.string().max(50), email: z.string().max(254) }),
  address: z.string().max(1000).nullable(),
  /** Each line in words, as the kitchen reads it: "2 × Large Margherita, extra olives". */
  lines: z.array(z.string().max(2000)).max(500),
  notes: z.string().max(2000).nullable(),
  totalCents: z.int().nonnegative(),
  paymentMethod: z.string().max(100),
  state: z.enum(ORDER_STATES),
});
export type BoardOrder = z.infer<typeof boardOrderSchema>;

/**
 * The list is taken apart order by order (boardOrders), so one order outside the contract costs
 * the kitchen that order, said on the board, rather than the whole board.
 */
export const ordersAnswerSchema = z.object({ orders: z.array(z.unknown()).max(MAX_ORDER_LIMIT) });

export const orderAnswerSchema = z.object({ order: boardOrderSchema });

export const auditAnswerSchema = z.object({
  entries: z.array(z.object({ at: instant, staffName: z.string().max(200), action: z.string().max(100), subject: z.string().max(500).nullable() })).max(1000),
});
export type AuditEntry = z.infer<typeof auditAnswerSchema>['entries'][number];

/** How the console logs in to the broker: its retailer's staff user, allowed to subscribe to one topic. */
export const liveAnswerSchema = z.object({
  brokerUrl: z.url({ protocol: /^wss?$/, error: 'expected a ws:// or wss:// URL' }),
  username: z.string().min(1).max(200),
  password: z.string().min(1).max(500),
  topic: z.string().min(1).max(500),
});
export type LiveAnswer = z.infer<typeof liveAnswerSchema>;

/** The staff API's error answer. */
export const staffErrorSchema = z.object({ error: z.string().max(500) });

/** Where the console finds the API: `/console-config.json` beside its page, so one build serves any environment. */
export const consoleConfigSchema = z.object({ apiBaseUrl: webUrl });
export type ConsoleConfig = z.infer<typeof consoleConfigSchema>;
export const CONSOLE_CONFIG_FILE = 'console-config.json';

/** The orders of an answer that keep to the contract, and how many did not. */
export function boardOrders(items: readonly unknown[]): { orders: BoardOrder[]; unreadable: number } {
  const orders: BoardOrder[] = [];
  for (const item of items) {
    const parsed = boardOrderSchema.safeParse(item);
    if (parsed.success) orders.push(parsed.data);
  }
  return { orders, unreadable: items.length - orders.length };
}
