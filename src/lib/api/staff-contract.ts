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

export const auditActions = ['sign-in', 'sign-out', 'take', 'ready', 'save-draft', 'publish', 'undo-publish'] as const;
export type AuditAction = (typeof auditActions)[number];

export const DEFAULT_AUDIT_LIMIT = 100;
export const auditLimitSchema = z.coerce.number().int().min(1).max(500).default(DEFAULT_AUDIT_LIMIT);
/** `subject`: what the action was about, "Order 12" or the staff member's email for a sign-in. */
export const auditEntrySchema = z.object({ at: instant, staffName: z.string(), action: z.enum(auditActions), subject: z.string() });
export const staffAuditResponseSchema = z.object({ entries: z.array(auditEntrySchema) });

/** The broker login of the staff member's retailer (see staffOrdersMessageSchema in lib/live/messages.ts for what arrives). */
export const staffLiveResponseSchema = z.object({ brokerUrl: z.string(), username: z.string(), password: z.string(), topic: z.string() });

/** What an operator sends to add a staff account (`npm run operator -- staff add`). */
export const newStaffAccountSchema = z.object({ email, name: personName, role: z.enum(staffRoles), password: newPassword });
export type NewStaffAccount = z.infer<typeof newStaffAccountSchema>;

/**
 * Editing and publishing the shop (issue 19 item 4), owner only: a kitchen account gets 403 on
 * every one. The owner saves a draft of dish prices, sees what publishing will change, publishes
 * (the tenant's data files are rewritten and that tenant rebuilt) and may undo the last publish.
 * Every answer carries the shop's `revision`; each write sends the revision it was based on and a
 * stale one is refused with 409 SHOP_CHANGED_ELSEWHERE, so two owners never overwrite each other.
 */
export const shopPaths = {
  shop: '/staff/shop',
  draft: '/staff/shop/draft',
  publish: '/staff/shop/publish',
  undo: '/staff/shop/undo',
} as const;

export const SHOP_CHANGED_ELSEWHERE = 'Someone else changed this shop since you opened it, so your change was not saved. Their change is shown now; make yours again.';
/** A dish of the sample menus costs tens of dollars; a typo of three extra zeros is refused. */
export const MAX_DISH_PRICE_CENTS = 100_000;
/** More than any menu has sizes of dishes; a draft naming more is refused, not stored. */
export const MAX_DRAFT_PRICES = 500;
/** MAX_DRAFT_PRICES prices of about 55 bytes each; every other staff call stays under 8 KiB. */
export const MAX_DRAFT_BODY_BYTES = 32 * 1024;

const revision = z.int().nonnegative();
const cents = z.int().min(0, 'expected 0 or more cents').max(MAX_DISH_PRICE_CENTS, `expected at most ${MAX_DISH_PRICE_CENTS} cents`);

/** One size of one dish at a price: sizeId is the size's retailerProductSizeId. */
export const dishPriceSchema = z.object({ productId: id, sizeId: id, priceCents: cents });
export type DishPrice = z.infer<typeof dishPriceSchema>;

/** PUT /staff/shop/draft: the whole draft (every price that differs from the published one). */
export const shopDraftBodySchema = z.object({ revision, prices: z.array(dishPriceSchema).max(MAX_DRAFT_PRICES) });
/** POST /staff/shop/publish and /staff/shop/undo. */
export const shopRevisionBodySchema = z.object({ revision });

export const shopDishSchema = z.object({
  productId: id,
  name: z.string(),
  group: z.string(),
  sizes: z.array(z.object({ sizeId: id, name: z.string(), publishedCents: z.int(), draftCents: z.int() })),
});
export type ShopDish = z.infer<typeof shopDishSchema>;

/** A price publishing changes (or changed). */
export const shopChangeSchema = z.object({ productId: id, sizeId: id, dish: z.string(), size: z.string(), fromCents: z.int(), toCents: z.int() });
export type ShopChange = z.infer<typeof shopChangeSchema>;

/** GET /staff/shop and the answer to every write: `changes` is what Publish would change; `lastPublish` what Undo publish would take back. */
export const shopResponseSchema = z.object({
  revision,
  dishes: z.array(shopDishSchema),
  changes: z.array(shopChangeSchema),
  lastPublish: z.object({ at: instant, staffName: z.string(), changes: z.array(shopChangeSchema) }).nullable(),
});
export type ShopState = z.infer<typeof shopResponseSchema>;
