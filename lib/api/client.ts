import type { z } from 'zod';
import { ERROR_LOG_RETRIES, ERROR_LOG_TIMEOUT_MS } from '../constants.ts';
import type { GroupAvailabilityHours } from '../tenant/index.ts';
import {
  apiCalls,
  errorResponseSchema,
  formatIssue,
  IDEMPOTENCY_KEY_HEADER,
  issuesOf,
  messages,
  RETAILER_DOMAIN_HEADER,
  RETAILER_WEBSITE_ID_HEADER,
  type ApiBody,
  type ApiCallName,
  type ApiResponse,
  type ErrorLogEntryInput,
  type ErrorResponse,
} from './contract.ts';

export type ApiErrorKind = 'network' | 'timeout' | 'http' | 'invalid-response';

/** The one failure a client call can end in: the network, a timeout, an HTTP error status or an answer outside the contract. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** The HTTP status, when an answer arrived. */
  readonly status: number | null;
  /** The server's error answer, when it sent one the contract knows. */
  readonly body: ErrorResponse | null;

  constructor(
    kind: ApiErrorKind,
    message: string,
    details: { status?: number | null; body?: ErrorResponse | null; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.status = details.status ?? null;
    this.body = details.body ?? null;
  }
}

/** The retailer behind an "Retailer inactive" answer, so the page can leave for the holding site with `retid`. */
export function inactiveRetailer(error: unknown): { retailerId: number; redirectUrl: string | null } | null {
  if (
    !(error instanceof ApiError) ||
    error.body?.statusMessage !== messages.retailerInactive ||
    error.body.retailerId === undefined
  )
    return null;
  return { retailerId: error.body.retailerId, redirectUrl: error.body.redirectUrl ?? null };
}

/** Where the browser goes after an "Retailer inactive" answer: the external site with `?retid=`, or null when none is named. */
export function inactiveRetailerDestination(error: unknown): string | null {
  const inactive = inactiveRetailer(error);
  if (!inactive?.redirectUrl || !URL.canParse(inactive.redirectUrl)) return null;
  const url = new URL(inactive.redirectUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.searchParams.set('retid', String(inactive.retailerId));
  return url.href;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  baseUrl: string;
  /** The site's host (with port where it has one), naming the retailer on every call. */
  retailerDomain: string;
  retailerWebsiteId?: number | null;
  fetch?: FetchLike;
  timeoutMs?: number;
  /** A bearer token from login or signup, for an API on another site where the session cookie is not sent. */
  sessionToken?: () => string | null | undefined;
  /** Sees every call's final failure before the caller does, e.g. to leave the page of an inactive retailer. */
  onFailure?: (error: ApiError) => void;
}

interface CallOptions {
  timeoutMs?: number;
  retries?: number;
  idempotencyKey?: string;
}

/** Long enough for a cold server on a phone network, short enough that a stuck call surfaces. */
export const DEFAULT_TIMEOUT_MS = 15000;

function retryable(error: ApiError): boolean {
  return error.kind === 'network' || error.kind === 'timeout' || (error.kind === 'http' && (error.status ?? 0) >= 500);
}

function describeIssue(error: z.ZodError): string {
  const [issue] = issuesOf(error);
  return issue ? formatIssue(issue) : 'unexpected shape';
}

export function createApiClient(options: ApiClientOptions) {
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  function headersFor(hasBody: boolean, idempotencyKey: string | undefined): Record<string, string> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      [RETAILER_DOMAIN_HEADER]: options.retailerDomain,
    };
    if (hasBody) headers['content-type'] = 'application/json';
    if (options.retailerWebsiteId != null) headers[RETAILER_WEBSITE_ID_HEADER] = String(options.retailerWebsiteId);
    const token = options.sessionToken?.();
    if (token) headers['authorization'] = `Bearer ${token}`;
    if (idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
    return headers;
  }

  async function attempt<K extends ApiCallName>(
    name: K,
    body: unknown,
    callOptions: CallOptions,
  ): Promise<ApiResponse<K>> {
    const call = apiCalls[name];
    const hasBody = body !== undefined;
    const timeout = AbortSignal.timeout(callOptions.timeoutMs ?? defaultTimeoutMs);
    const timedOut = (cause: unknown) => new ApiError('timeout', `${call.path} timed out`, { cause });
    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl}${call.path}`, {
        method: call.method,
        headers: headersFor(hasBody, callOptions.idempotencyKey),
        body: hasBody ? JSON.stringify(body) : null,
        credentials: 'include',
        signal: timeout,
      });
    } catch (cause) {
      throw timeout.aborted ? timedOut(cause) : new ApiError('network', `${call.path} could not be reached`, { cause });
    }

    let json: unknown;
    let parsedJson = true;
    try {
      json = await response.json();
    } catch (cause) {
      if (timeout.aborted) throw timedOut(cause);
      parsedJson = false;
    }

    if (!response.ok) {
      const errorBody = parsedJson ? errorResponseSchema.safeParse(json) : undefined;
      const body = errorBody?.success ? errorBody.data : null;
      throw new ApiError('http', body?.message ?? `${call.path} answered HTTP ${response.status}`, {
        status: response.status,
        body,
      });
    }
    if (!parsedJson)
      throw new ApiError('invalid-response', `${call.path} answered with something other than JSON`, {
        status: response.status,
      });
    const parsed = call.response.safeParse(json);
    if (!parsed.success) {
      throw new ApiError(
        'invalid-response',
        `${call.path} answered outside the contract (${describeIssue(parsed.error)})`,
        { status: response.status, cause: parsed.error },
      );
    }
    return parsed.data as ApiResponse<K>;
  }

  async function send<K extends ApiCallName>(
    name: K,
    body: ApiBody<K>,
    callOptions: CallOptions = {},
  ): Promise<ApiResponse<K>> {
    let retriesLeft = callOptions.retries ?? 0;
    for (;;) {
      try {
        return await attempt(name, body, callOptions);
      } catch (error) {
        if (!(error instanceof ApiError) || !retryable(error) || retriesLeft <= 0) {
          if (error instanceof ApiError) options.onFailure?.(error);
          throw error;
        }
        retriesLeft -= 1;
      }
    }
  }

  return {
    getRetailerConfig: () => send('getRetailerConfig', undefined),
    getClockStatus: () => send('getClockStatus', undefined),
    getTradingHours: () => send('getTradingHours', undefined),
    getPopups: () => send('getPopups', undefined),
    getClosedDates: () => send('getClosedDates', undefined),
    getSpecials: () => send('getSpecials', undefined),
    getCustomSections: () => send('getCustomSections', undefined),
    getDeliveryZones: () => send('getDeliveryZones', undefined),
    getDeliverySuburbs: () => send('getDeliverySuburbs', undefined),
    getProductsInfoSsr: () => send('getProductsInfoSsr', undefined),
    getProductsInfo: () => send('getProductsInfo', undefined),
    getTrending: () => send('getTrending', undefined),
    /** The spec treats missing group hours as "no restrictions known": any failure is an empty list. */
    getGroupHours: async (): Promise<GroupAvailabilityHours[]> => {
      try {
        return await send('getGroupHours', undefined);
      } catch (error) {
        if (error instanceof ApiError) return [];
        throw error;
      }
    },
    getProduct: (productId: number) => send('getProduct', { productId }),
    login: (body: ApiBody<'login'>) => send('login', body),
    logout: () => send('logout', undefined),
    signup: (body: ApiBody<'signup'>) => send('signup', body),
    requestPasswordReset: (body: ApiBody<'requestPasswordReset'>) => send('requestPasswordReset', body),
    resetPassword: (body: ApiBody<'resetPassword'>) => send('resetPassword', body),
    mailingListSignup: (body: ApiBody<'mailingListSignup'>) => send('mailingListSignup', body),
    updateCustomer: (body: ApiBody<'updateCustomer'>) => send('updateCustomer', body),
    /** With the order's receipt (or the customer's session) the answer has the placement's details. */
    getOrder: (encryptedOrderId: string, receipt?: string) =>
      send('getOrder', receipt === undefined ? { encryptedOrderId } : { encryptedOrderId, receipt }),
    /** Retrying with the same `idempotencyKey` (or the same cart uuids) never makes a second order. */
    createOrder: (payload: ApiBody<'createOrder'>, callOptions: { idempotencyKey?: string } = {}) =>
      send('createOrder', payload, callOptions),
    updateOrder: (payload: ApiBody<'updateOrder'>) => send('updateOrder', payload),
    /** Safe to retry: placing a placed order answers the same placement. */
    placeOrder: (body: ApiBody<'placeOrder'>) => send('placeOrder', body, { retries: 1 }),
    /** Whether a typed promo code is the shop's: its terms, or why not. Each try counts against a guessing limit. */
    checkPromo: (code: string) => send('checkPromo', { code }),
    /** Whether the shop takes payment online: only the API, which holds its keys, knows. */
    getPaymentOptions: () => send('getPaymentOptions', undefined),
    /** Safe to retry: an attempt still open answers the same payment page. */
    payOnline: (body: ApiBody<'payOnline'>) => send('payOnline', body, { retries: 1 }),
    /** The customer came back from the payment page unpaid: the page is closed there and the cart comes back. */
    cancelPayment: (encryptedOrderId: string) => send('cancelPayment', { encryptedOrderId }),
    /** Retrying with the same `idempotencyKey` records the status once. */
    createOrderStatus: (body: ApiBody<'createOrderStatus'>, callOptions: { idempotencyKey?: string } = {}) =>
      send('createOrderStatus', body, callOptions),
    createErrorLogs: (entries: ErrorLogEntryInput[]) =>
      send('createErrorLogs', entries, { timeoutMs: ERROR_LOG_TIMEOUT_MS, retries: ERROR_LOG_RETRIES }),
    requestTableBooking: (body: ApiBody<'requestTableBooking'>) => send('requestTableBooking', body),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
