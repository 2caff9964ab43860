import { z } from 'zod';
import { checkoutContactSchema, deliveryAddressSchema } from '../cart/checkout.ts';
import { paymentMethods } from '../cart/payment-methods.ts';
import { orderReceiptPattern } from '../cart/order-receipt.ts';
import { orderAnswerSchema, placementSchema } from '../cart/placement.ts';
import { cartProductSchema, orderPayloadSchema, orderStatusSchema } from '../cart/schemas.ts';
import { PROMO_TYPED_MAX, promoCodeSchema } from '../cart/promo.ts';
import { NO_TIP, tipChoiceSchema } from '../cart/tip.ts';
import {
  clockStatusSchema,
  closedDatesSchema,
  customSectionsSchema,
  deliverySuburbsSchema,
  deliveryZonesSchema,
  groupHoursSchema,
  id,
  instant,
  nonNegativeDollars,
  popupsSchema,
  productDetailSchema,
  productsInfoSchema,
  productsInfoSsrSchema,
  retailerConfigSchema,
  specialsSchema,
  tradingHoursSchema,
  trendingSchema,
} from '../tenant/index.ts';

/**
 * The retailer API as one executable contract: every call's method, path, body and response,
 * shared by the reference server (validation) and the typed client (parsing responses).
 *
 * Status codes: 400 bad input (nothing written), 401 missing or wrong credentials, 403 an
 * inactive retailer, 404 an unknown retailer, order or product, 409 a cart line owned by another
 * order, an Idempotency-Key of another order, a write to a placed order (messages.orderPlaced) or a
 * write older than the order's stored revision (messages.staleOrder), an order with all the statuses
 * it takes or a booking slot with all the requests it takes, 413 a body too large, 429 too many calls
 * from one client or for one retailer (with Retry-After in seconds), 422 a cart line the catalogue can no longer price. Outcomes the
 * spec lists as `success: false` (no active order, order already processed, login failure,
 * mailing-list failure), and a spent reset link, are 200 answers with `success: false` and a
 * `message`. Every non-2xx answer has the shape of errorResponseSchema.
 */

export const RETAILER_DOMAIN_HEADER = 'x-retailer-domain';
export const RETAILER_WEBSITE_ID_HEADER = 'x-retailer-website-id';
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const SESSION_COOKIE = 'sf_session';

export const messages = {
  retailerInactive: 'Retailer inactive',
  retailerNotFound: 'Retailer not found',
  noActiveOrder: 'No active order to update',
  orderProcessed: 'Order has already been processed. Please refresh the page.',
  orderPlaced: 'This order has already been placed. Start a new order to add more.',
  /** A write older than the one the order holds: the client already sent a newer cart, so this one is dropped. */
  staleOrder: 'A newer change of this order has already been saved.',
  /** The cart is on the payment provider's page: it changes again once that payment ends unpaid. */
  orderAwaitingPayment: 'This order is waiting for its online payment. Finish paying, or wait until that page expires.',
  mailingListFailed: 'Failed to add to mailing list. Please try again.',
  loginFailed: 'Incorrect email or password.',
  /** Signup with an email that has an account: says no more than that it could not sign up. */
  signupRefused:
    'We could not create an account with these details. If you already have one, log in or reset your password.',
  passwordResetRequested: 'If an account exists for that email, we have sent a link to reset its password.',
  passwordChanged: 'Your password has been changed. You can log in with it now.',
  resetLinkExpired: 'This reset link has expired or was already used. Ask for a new one.',
} as const;

/** The site's host as the browser sees it, optionally with a port: `pizza.example` or `bella-napoli.localhost:4321`. */
export const retailerDomain = z
  .string({
    error: (issue) =>
      issue.input === undefined ? 'missing: every call names its retailer by the site host' : undefined,
  })
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}(:|$))[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/,
    'expected a host name, optionally with :port',
  );

export const retailerHeadersSchema = z.object({
  [RETAILER_DOMAIN_HEADER]: retailerDomain,
  [RETAILER_WEBSITE_ID_HEADER]: z
    .string()
    .regex(/^\d{1,9}$/, 'expected a positive whole number')
    .transform(Number)
    .pipe(id)
    .optional(),
});

export const idempotencyKey = z.string().regex(/^[\w.:-]{8,200}$/, 'expected 8 to 200 letters, digits or . _ : -');

export const email = z.string().trim().toLowerCase().max(254).pipe(z.email('expected an email address'));
const phoneNumber = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{6,20}$/, 'expected a phone number of 6 to 20 digits');
export const personName = z.string().trim().min(1, 'expected a name').max(100);
const encryptedOrderId = z.string().min(1).max(100);
/** A password the customer chooses: at signup and when resetting it (and an operator for a staff account). */
export const newPassword = z.string().min(8, 'expected a password of at least 8 characters').max(200);

export const apiIssueSchema = z.object({ path: z.string(), message: z.string() });

/** What a failed zod check reports, as the API answers it and the client words it: `products.0.quantity`. */
export function issuesOf(error: z.ZodError): z.infer<typeof apiIssueSchema>[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

export function formatIssue({ path, message }: z.infer<typeof apiIssueSchema>): string {
  return path ? `${path}: ${message}` : message;
}

/** Every non-2xx answer. An inactive retailer also names itself so the page can redirect with `retid`. */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  statusMessage: z.string().optional(),
  retailerId: id.optional(),
  redirectUrl: z.string().nullable().optional(),
  issues: z.array(apiIssueSchema).optional(),
});

const failure = z.object({ success: z.literal(false), message: z.string() });

export const getProductBodySchema = z.object({ productId: id });

export const custInfoSchema = z.object({
  customerId: id,
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
});

/** A processed order of the customer, newest first. */
export const prevOrderSchema = z.object({
  encryptedOrderId: z.string(),
  createDate: z.string(),
  isPickup: z.boolean(),
  orderForLater: z.boolean(),
  orderForLaterRequestDateTime: z.string().nullable(),
  subTotal: nonNegativeDollars,
  historicDeliveryFee: nonNegativeDollars,
});

export const prevOrderProductSchema = cartProductSchema.extend({ encryptedOrderId: z.string() });

export const loginBodySchema = z.object({ email, password: z.string().min(1, 'expected a password').max(200) });

/** `sessionToken` is for an `Authorization: Bearer` header where the HTTP-only cookie cannot reach (another site). */
export const loginResponseSchema = z.discriminatedUnion('success', [
  z.object({
    success: z.literal(true),
    custInfo: custInfoSchema,
    prevOrders: z.array(prevOrderSchema),
    prevOrderProducts: z.array(prevOrderProductSchema),
    sessionToken: z.string(),
  }),
  failure,
]);

export const signupBodySchema = z.object({
  fullName: personName,
  email,
  phoneNumber,
  password: newPassword,
});

export const signupResponseSchema = z.discriminatedUnion('success', [
  z.object({ success: z.literal(true), custInfo: custInfoSchema, sessionToken: z.string() }),
  failure,
]);

export const logoutResponseSchema = z.object({ success: z.literal(true) });

/** Always the same answer, whether or not the email has an account, so it cannot be used to find accounts. */
export const requestPasswordResetBodySchema = z.object({ email });
export const requestPasswordResetResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** `token` comes from the reset link; an unknown, expired or used one is a `success: false` answer, not a 400. */
export const resetPasswordBodySchema = z.object({
  token: z.string().trim().min(1, 'expected the token of the reset link').max(200),
  password: newPassword,
});
export const resetPasswordResponseSchema = z.discriminatedUnion('success', [
  z.object({ success: z.literal(true), message: z.string() }),
  failure,
]);

export const mailingListBodySchema = z.object({ email, name: personName.optional() });
export const mailingListResponseSchema = z.discriminatedUnion('success', [
  z.object({ success: z.literal(true) }),
  failure,
]);

export const updateCustomerBodySchema = z.object({
  encryptedOrderId: encryptedOrderId.nullable(),
  customerId: id.nullable(),
});
export const updateCustomerResponseSchema = z.discriminatedUnion('success', [
  z.object({ success: z.literal(true) }),
  failure,
]);

/** The secret place-order hands the customer's page with their order, to read its details again (lib/cart/order-receipt.ts). */
export const orderReceipt = z.string().regex(orderReceiptPattern, 'expected the receipt place-order answered');

/**
 * `receipt`: the one place-order answered for this order. With it (for RECEIPT_DAYS after placing),
 * or with the session of the order's customer, the answer has the placement's details.
 */
export const getOrderBodySchema = z.object({ encryptedOrderId, receipt: orderReceipt.optional() });

/** Cart line uuid to the order product id the server gave it; stable across updates of the order. */
export const uuidToOrderProductIdsSchema = z.record(z.string(), id);

export const createOrderResponseSchema = z.object({
  encryptedOrderId: z.string(),
  uuidToOrderProductIds: uuidToOrderProductIdsSchema,
});

export const updateOrderResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  uuidToOrderProductIds: uuidToOrderProductIdsSchema,
});

/**
 * A cart line's id, made by the browser with crypto.randomUUID(). It names an order product, so
 * it must be as unguessable as the order id: a short label like "line-1" could collide with another cart's.
 */
export const cartLineUuid = z.uuidv4({ error: 'expected a random (version 4) UUID, as crypto.randomUUID() makes' });

/**
 * The browser's count of changes to its cart (OrderState.revision) when it sent this body. The
 * server stores it with the order and refuses, with a 409 and messages.staleOrder, a write older
 * than the one it holds: a request delayed on the network must not roll the order back. Absent
 * counts as 0, so a client that never sends it keeps today's last-write-wins.
 */
export const orderRevision = z.int().min(0).max(Number.MAX_SAFE_INTEGER).default(0);

/** The body of create-order and update-order. Cart line uuids name order products, so each appears once. */
export const orderBodySchema = orderPayloadSchema
  .extend({ products: z.array(cartProductSchema.extend({ uuid: cartLineUuid })).max(200), revision: orderRevision })
  .superRefine((payload, context) => {
    const seen = new Set<string>();
    payload.products.forEach((product, index) => {
      if (seen.has(product.uuid))
        context.addIssue({
          code: 'custom',
          path: ['products', index, 'uuid'],
          message: `duplicate cart line uuid ${product.uuid}`,
        });
      seen.add(product.uuid);
    });
  });

/**
 * The last step of checkout: the cart as the customer confirmed it, their details, and the total
 * they were shown. The server checks and prices it all again; a different total is refused.
 */
export const placeOrderBodySchema = z.object({
  order: orderBodySchema.refine((order) => order.encryptedOrderId !== null, {
    message: 'place an order that was created first',
    path: ['encryptedOrderId'],
  }),
  contact: checkoutContactSchema,
  delivery: deliveryAddressSchema.nullable(),
  paymentMethod: z.enum(paymentMethods),
  expectedTotal: nonNegativeDollars,
  /** The customer's tip (lib/cart/tip.ts) and the amount it showed, on top of expectedTotal; recomputed by the server. */
  tip: tipChoiceSchema.default(NO_TIP),
  expectedTip: nonNegativeDollars.default(0),
  /** The promo code the customer applied, as typed; the server finds it, rechecks it and counts its use. */
  promoCode: z.string().max(PROMO_TYPED_MAX).nullable().default(null),
});
/** `receipt`: the order's receipt for get-order; only a placing call (or its retry with the same details) gets one. */
export const placeOrderResponseSchema = z.object({
  success: z.literal(true),
  encryptedOrderId: z.string(),
  placement: placementSchema,
  receipt: orderReceipt,
});

/** Whether a typed promo code is one of the shop's (issue 30): rate-limited per address, as guessing is what it invites. */
export const checkPromoBodySchema = z.object({ code: z.string().max(PROMO_TYPED_MAX) });
/**
 * The code's terms once the customer has it right, so the cart computes the saving with the same
 * rule (lib/cart/promo.ts) as place-order; else the words why not (unknown, used up).
 */
export const checkPromoResponseSchema = z.union([
  z.object({ ok: z.literal(true), terms: promoCodeSchema }),
  z.object({ ok: z.literal(false), message: z.string().max(300) }),
]);

/**
 * Paying online (issue 30): the same checkout as place-order, paid on Stripe's own page. The order
 * waits for the payment and reaches the kitchen only once the provider says it is paid.
 */
export const payOnlineBodySchema = placeOrderBodySchema.omit({ paymentMethod: true });
/** `checkoutUrl` is Stripe's hosted page; `receipt` reads the order once it is paid, as place-order's does. */
export const payOnlineResponseSchema = z.object({
  success: z.literal(true),
  encryptedOrderId: z.string(),
  checkoutUrl: z.url({ protocol: /^https?$/ }),
  receipt: orderReceipt,
});
/** The customer came back from Stripe's page without paying: the session is ended there and the cart comes back. */
export const cancelPaymentBodySchema = z.object({ encryptedOrderId });
/** `paid`: Stripe took the payment before the cancel reached it; the order reaches the kitchen all the same. */
export const cancelPaymentResponseSchema = z.object({ success: z.literal(true), state: z.enum(['cancelled', 'paid']) });
/** Whether the shop takes payment online: the API holds the shop's keys, so only it can say. */
export const paymentOptionsResponseSchema = z.object({ onlinePayment: z.boolean() });

/** Statuses sent before the first order exists (the start-of-visit status) carry no order id. */
export const createOrderStatusBodySchema = z.object({
  encryptedOrderId: encryptedOrderId.nullable(),
  orderStatus: orderStatusSchema,
});
export const createOrderStatusResponseSchema = z.object({ success: z.literal(true), orderStatusId: id });

/** How deep and how large an error report's `additionalContext` may be: the pages send a flat object of a few fields. */
export const ADDITIONAL_CONTEXT_LIMITS = { depth: 10, bytes: 8 * 1024 } as const;

/** Nesting depth of a parsed JSON value, walked without recursion so a deep value cannot overflow the stack; stops past `limit`. */
function depthExceeds(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, depth] = next;
    if (node === null || typeof node !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return false;
}

/** Any JSON up to ADDITIONAL_CONTEXT_LIMITS, checked before zod's own (recursive) JSON check sees it. */
const additionalContext = z
  .unknown()
  .superRefine((value, context) => {
    if (depthExceeds(value, ADDITIONAL_CONTEXT_LIMITS.depth))
      context.addIssue({
        code: 'custom',
        message: `expected JSON nested at most ${ADDITIONAL_CONTEXT_LIMITS.depth} deep`,
      });
    else if ((JSON.stringify(value) ?? '').length > ADDITIONAL_CONTEXT_LIMITS.bytes)
      context.addIssue({
        code: 'custom',
        message: `expected at most ${ADDITIONAL_CONTEXT_LIMITS.bytes} characters of JSON`,
      });
  })
  .pipe(z.json());

/**
 * The spec's error types with 'react' in place of vue and nuxt: island render errors caught by an
 * error boundary; and 'csp', a script the Content-Security-Policy blocked, which the browser
 * itself reports (lib/api/csp-report.ts).
 */
export const errorTypes = ['react', 'javascript', 'promise', 'resource', 'csp'] as const;

/** Spec section 3, "Error log entry". Only what every reporter knows is required. */
export const errorLogEntrySchema = z.object({
  errorType: z.enum(errorTypes),
  message: z.string().min(1).max(5000),
  stack: z.string().max(20000).nullable().default(null),
  filename: z.string().max(2000).nullable().default(null),
  lineno: z.int().min(0).nullable().default(null),
  colno: z.int().min(0).nullable().default(null),
  component: z.string().max(500).nullable().default(null),
  additionalContext: additionalContext.nullable().default(null),
  retailerId: id.nullable().default(null),
  customerId: id.nullable().default(null),
  route: z.string().max(2000).nullable().default(null),
  userAgent: z.string().max(1000).nullable().default(null),
  timestamp: instant,
  url: z.string().max(2000).nullable().default(null),
});
/** A reporter sends batches of ERROR_LOG_BATCH_SIZE; the cap only stops abuse. */
export const errorLogsBodySchema = z.array(errorLogEntrySchema).min(1, 'expected at least one error entry').max(100);
export const errorLogsResponseSchema = z.object({ accepted: z.literal(true) });

export const tableBookingBodySchema = z.object({
  name: personName,
  phone: phoneNumber,
  partySize: z.int().min(1).max(50),
  dateTime: instant,
  notes: z.string().trim().max(1000).default(''),
});
export const tableBookingResponseSchema = z.object({ success: z.literal(true), bookingId: id });

interface ApiCallSpec {
  method: 'GET' | 'POST';
  path: string;
  body?: z.ZodType;
  response: z.ZodType;
}

export const apiCalls = {
  getRetailerConfig: { method: 'GET', path: '/api/get-retailer-config', response: retailerConfigSchema },
  getClockStatus: { method: 'GET', path: '/api/retailer/get-clock-status', response: clockStatusSchema },
  getTradingHours: { method: 'GET', path: '/api/retailer/get-trading-hours', response: tradingHoursSchema },
  getPopups: { method: 'GET', path: '/api/retailer/get-popups', response: popupsSchema },
  getClosedDates: { method: 'GET', path: '/api/retailer/get-closed-dates', response: closedDatesSchema },
  getSpecials: { method: 'GET', path: '/api/get-specials', response: specialsSchema },
  getCustomSections: { method: 'GET', path: '/api/get-custom-sections', response: customSectionsSchema },
  getDeliveryZones: { method: 'GET', path: '/api/delivery/get-zones', response: deliveryZonesSchema },
  getDeliverySuburbs: { method: 'GET', path: '/api/delivery/get-suburbs', response: deliverySuburbsSchema },
  getProductsInfoSsr: { method: 'GET', path: '/api/products/info-ssr', response: productsInfoSsrSchema },
  getProductsInfo: { method: 'GET', path: '/api/products/info', response: productsInfoSchema },
  getTrending: { method: 'GET', path: '/api/products/get-trending', response: trendingSchema },
  getGroupHours: { method: 'GET', path: '/api/products/get-group-hours', response: groupHoursSchema },
  getProduct: {
    method: 'POST',
    path: '/api/products/get-product',
    body: getProductBodySchema,
    response: productDetailSchema,
  },
  login: { method: 'POST', path: '/api/customer/login', body: loginBodySchema, response: loginResponseSchema },
  logout: { method: 'POST', path: '/api/customer/logout', response: logoutResponseSchema },
  signup: { method: 'POST', path: '/api/customer/signup', body: signupBodySchema, response: signupResponseSchema },
  requestPasswordReset: {
    method: 'POST',
    path: '/api/customer/request-password-reset',
    body: requestPasswordResetBodySchema,
    response: requestPasswordResetResponseSchema,
  },
  resetPassword: {
    method: 'POST',
    path: '/api/customer/reset-password',
    body: resetPasswordBodySchema,
    response: resetPasswordResponseSchema,
  },
  mailingListSignup: {
    method: 'POST',
    path: '/api/mailing-list/signup',
    body: mailingListBodySchema,
    response: mailingListResponseSchema,
  },
  updateCustomer: {
    method: 'POST',
    path: '/api/order/update-customer',
    body: updateCustomerBodySchema,
    response: updateCustomerResponseSchema,
  },
  getOrder: {
    method: 'POST',
    path: '/api/order/get-order',
    body: getOrderBodySchema,
    response: orderAnswerSchema,
  },
  createOrder: {
    method: 'POST',
    path: '/api/order/create-order',
    body: orderBodySchema,
    response: createOrderResponseSchema,
  },
  updateOrder: {
    method: 'POST',
    path: '/api/order/update-order',
    body: orderBodySchema,
    response: updateOrderResponseSchema,
  },
  placeOrder: {
    method: 'POST',
    path: '/api/order/place-order',
    body: placeOrderBodySchema,
    response: placeOrderResponseSchema,
  },
  checkPromo: {
    method: 'POST',
    path: '/api/order/check-promo',
    body: checkPromoBodySchema,
    response: checkPromoResponseSchema,
  },
  getPaymentOptions: { method: 'GET', path: '/api/order/payment-options', response: paymentOptionsResponseSchema },
  payOnline: {
    method: 'POST',
    path: '/api/order/pay-online',
    body: payOnlineBodySchema,
    response: payOnlineResponseSchema,
  },
  cancelPayment: {
    method: 'POST',
    path: '/api/order/cancel-payment',
    body: cancelPaymentBodySchema,
    response: cancelPaymentResponseSchema,
  },
  createOrderStatus: {
    method: 'POST',
    path: '/api/order/create-order-status',
    body: createOrderStatusBodySchema,
    response: createOrderStatusResponseSchema,
  },
  createErrorLogs: {
    method: 'POST',
    path: '/api/logs/create-error-logs',
    body: errorLogsBodySchema,
    response: errorLogsResponseSchema,
  },
  requestTableBooking: {
    method: 'POST',
    path: '/api/table-booking',
    body: tableBookingBodySchema,
    response: tableBookingResponseSchema,
  },
} as const satisfies Record<string, ApiCallSpec>;

export type ApiCalls = typeof apiCalls;
export type ApiCallName = keyof ApiCalls;
/** What a caller sends: the schema's input, so defaulted fields may be left out. */
export type ApiBody<K extends ApiCallName> = ApiCalls[K] extends { body: z.ZodType }
  ? z.input<ApiCalls[K]['body']>
  : undefined;
export type ApiResponse<K extends ApiCallName> = z.output<ApiCalls[K]['response']>;

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
export type CustInfo = z.infer<typeof custInfoSchema>;
export type PrevOrder = z.infer<typeof prevOrderSchema>;
export type PrevOrderProduct = z.infer<typeof prevOrderProductSchema>;
export type ErrorLogEntry = z.infer<typeof errorLogEntrySchema>;
export type ErrorLogEntryInput = z.input<typeof errorLogEntrySchema>;
export type TableBooking = z.infer<typeof tableBookingBodySchema>;
