import { z } from 'zod';
import {
  boardOrderSchema,
  DEFAULT_AUDIT_LIMIT,
  DEFAULT_BOARD_LIMIT,
  MAX_ACTIVE_ORDERS,
  MAX_AUDIT_LIMIT,
  MAX_BOARD_LIMIT,
  preparationMinutesSchema,
  staffAuditResponseSchema,
  staffErrorSchema,
  staffLiveResponseSchema,
  staffMeResponseSchema,
  staffDeclineResponseSchema,
  staffOrderResponseSchema,
  staffPaths,
  staffSignInResponseSchema,
  type AuditEntry,
  type BoardOrder,
  type BoardOrderState,
  type StaffDeclineResponse,
  type StaffLiveResponse,
  type StaffMember,
  type StaffSignInBody,
  type StaffSignInResponse,
} from '../../../lib/api/staff-contract.ts';
import {
  liveStatePaths,
  liveStateReadResponseSchema,
  liveStateResponseSchema,
  staffMenuResponseSchema,
  type LiveService,
  type LiveState,
  type ServiceSetting,
  type SoldOutBody,
  type StaffMenu,
} from '../../../lib/api/live-state-contract.ts';
import { DEFAULT_PREPARATION_MINUTES } from '../../../lib/kitchen/kitchen-flow.ts';
import type { LateMinutes } from '../../../lib/kitchen/running-late.ts';
import { staffMessages } from './messages.ts';

export type StaffApiErrorKind = 'network' | 'timeout' | 'http' | 'invalid-response';

/** Why a staff call failed, worded for the person at the counter. */
export class StaffApiError extends Error {
  readonly kind: StaffApiErrorKind;
  readonly status: number | null;
  /** From `Retry-After` on a 429: how long before another try may pass. */
  readonly retryAfterSeconds: number | null;

  constructor(
    kind: StaffApiErrorKind,
    message: string,
    details: { status?: number | null; retryAfterSeconds?: number | null; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.name = 'StaffApiError';
    this.kind = kind;
    this.status = details.status ?? null;
    this.retryAfterSeconds = details.retryAfterSeconds ?? null;
  }
}

/**
 * The board's list, taken apart order by order (boardOrders): one order outside the contract costs
 * the kitchen that order, said on the board, rather than the whole board.
 */
const boardListSchema = z.object({
  orders: z.array(z.unknown()).max(MAX_ACTIVE_ORDERS),
  moreActive: z.int().nonnegative().default(0),
  done: z.array(z.unknown()).max(MAX_BOARD_LIMIT).default([]),
  // A value out of bounds costs the kitchen the shop's own preparation time, not the board.
  preparationMinutes: preparationMinutesSchema.catch(DEFAULT_PREPARATION_MINUTES),
});

/** The orders of an answer that keep to the contract, and how many did not. */
export function boardOrders(items: readonly unknown[]): { orders: BoardOrder[]; unreadable: number } {
  const orders: BoardOrder[] = [];
  for (const item of items) {
    const parsed = boardOrderSchema.safeParse(item);
    if (parsed.success) orders.push(parsed.data);
  }
  return { orders, unreadable: items.length - orders.length };
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface StaffClientOptions {
  baseUrl: string;
  /** The signed-in staff member's token, sent as a bearer token on every call but sign-in. */
  token: () => string | null;
  /** A call with a token answered 401: the session has ended (expired, signed out elsewhere, or unknown). */
  onUnauthorized?: () => void;
  fetch?: FetchLike;
  timeoutMs?: number;
}

/** A kitchen's connection can be slow; a call stuck longer than this should say so. */
export const STAFF_TIMEOUT_MS = 15_000;

/** "Try again in 3 minutes", from Retry-After seconds. */
export function retryAfterText(seconds: number): string {
  const [count, unit] =
    seconds <= 60 ? [Math.max(1, Math.ceil(seconds)), 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return `Try again in ${count} ${unit}${count === 1 ? '' : 's'}.`;
}

function retryAfterSeconds(response: Response): number | null {
  const value = response.headers.get('retry-after');
  if (value === null || !/^\d{1,7}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** What a failed answer tells the person: the API's own words where it gave any, else what its status means. */
function httpFailure(path: string, response: Response, body: unknown): StaffApiError {
  const status = response.status;
  const given = staffErrorSchema.safeParse(body);
  const retryAfter = retryAfterSeconds(response);
  let message: string;
  if (status === 429) message = `Too many tries. ${retryAfterText(retryAfter ?? 60)}`;
  else if (given.success && given.data.error.trim()) message = given.data.error;
  else if (status === 401) message = staffMessages.sessionEnded;
  else if (status === 403) message = staffMessages.notAllowed;
  else if (status === 404 && path.startsWith('/staff/orders/')) message = staffMessages.orderGone;
  else if (status >= 500) message = staffMessages.serverFault;
  else message = `${path} answered HTTP ${status}`;
  return new StaffApiError('http', message, { status, retryAfterSeconds: retryAfter });
}

interface Call<T> {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
  /** Null for an answer without content (204). */
  schema: z.ZodType<T> | null;
  /** Sign-in sends no token, and its 401 is a wrong password, not an ended session. */
  signedIn: boolean;
}

/** The staff API, typed by the contract: every answer parsed, every failure a StaffApiError. */
export function createStaffClient(options: StaffClientOptions) {
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? STAFF_TIMEOUT_MS;

  async function call<T>({ method, path, body, schema, signedIn }: Call<T>): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const token = signedIn ? options.token() : null;
    if (signedIn && !token) {
      options.onUnauthorized?.();
      throw new StaffApiError('http', staffMessages.sessionEnded, { status: 401 });
    }
    if (token) headers['authorization'] = `Bearer ${token}`;
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      // No cookies: the token is the whole session, so no other site's page can ride on it.
      response = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
        credentials: 'omit',
        signal: timeout,
      });
    } catch (cause) {
      throw timeout.aborted
        ? new StaffApiError('timeout', staffMessages.timeout, { cause })
        : new StaffApiError('network', staffMessages.unreachable, { cause });
    }
    let json: unknown = null;
    let readable = true;
    if (response.status !== 204) {
      try {
        json = await response.json();
      } catch (cause) {
        if (timeout.aborted) throw new StaffApiError('timeout', staffMessages.timeout, { cause });
        readable = false;
      }
    }
    if (!response.ok) {
      if (response.status === 401 && signedIn) options.onUnauthorized?.();
      throw httpFailure(path, response, json);
    }
    if (schema === null) return undefined as T;
    const parsed = readable ? schema.safeParse(json) : undefined;
    if (!parsed?.success)
      throw new StaffApiError('invalid-response', staffMessages.invalidAnswer, {
        status: response.status,
        cause: parsed?.error,
      });
    return parsed.data;
  }

  const clampLimit = (limit: number, max: number) => Math.min(max, Math.max(1, Math.floor(limit)));

  return {
    /** The API's address of `path`, for what staff hand to a device (a CloudPRNT printer's server URL). */
    urlOf: (path: string): string => `${baseUrl}${path}`,
    signIn: (body: StaffSignInBody): Promise<StaffSignInResponse> =>
      call({ method: 'POST', path: staffPaths.signIn, body, schema: staffSignInResponseSchema, signedIn: false }),
    signOut: (): Promise<void> =>
      call<void>({ method: 'POST', path: staffPaths.signOut, schema: null, signedIn: true }),
    me: async (): Promise<StaffMember> =>
      (await call({ method: 'GET', path: staffPaths.me, schema: staffMeResponseSchema, signedIn: true })).staff,
    /**
     * Every active order and the newest done ones (or those `search` finds); `unreadable` counts
     * orders outside the contract, which are not shown.
     */
    orders: async (
      limit = DEFAULT_BOARD_LIMIT,
      search = '',
    ): Promise<{
      orders: BoardOrder[];
      done: BoardOrder[];
      moreActive: number;
      unreadable: number;
      preparationMinutes: number;
    }> => {
      const answer = await call({
        method: 'GET',
        path: staffPaths.orders(clampLimit(limit, MAX_BOARD_LIMIT), search.trim().slice(0, 100)),
        schema: boardListSchema,
        signedIn: true,
      });
      const active = boardOrders(answer.orders);
      const done = boardOrders(answer.done);
      return {
        orders: active.orders,
        done: done.orders,
        moreActive: answer.moreActive,
        unreadable: active.unreadable + done.unreadable,
        preparationMinutes: answer.preparationMinutes,
      };
    },
    /** A bump (one step on) or, with `undo`, one step back; answers the order as saved. */
    stage: async (encryptedOrderId: string, stage: BoardOrderState, undo: boolean): Promise<BoardOrder> =>
      (
        await call({
          method: 'POST',
          path: staffPaths.stage(encryptedOrderId),
          body: { stage, undo },
          schema: staffOrderResponseSchema,
          signedIn: true,
        })
      ).order,
    /** Running late: promises the order `minutes` later than `from`, the promise the card showed; answers the order as saved. */
    late: async (encryptedOrderId: string, minutes: LateMinutes, from: string): Promise<BoardOrder> =>
      (
        await call({
          method: 'POST',
          path: staffPaths.late(encryptedOrderId),
          body: { minutes, from },
          schema: staffOrderResponseSchema,
          signedIn: true,
        })
      ).order,
    /** Declines a new order; its online payment is refunded, and the answer says how much. */
    decline: async (encryptedOrderId: string): Promise<StaffDeclineResponse> =>
      call({
        method: 'POST',
        path: staffPaths.decline(encryptedOrderId),
        schema: staffDeclineResponseSchema,
        signedIn: true,
      }),
    take: async (encryptedOrderId: string): Promise<BoardOrder> =>
      (
        await call({
          method: 'POST',
          path: staffPaths.take(encryptedOrderId),
          schema: staffOrderResponseSchema,
          signedIn: true,
        })
      ).order,
    ready: async (encryptedOrderId: string): Promise<BoardOrder> =>
      (
        await call({
          method: 'POST',
          path: staffPaths.ready(encryptedOrderId),
          schema: staffOrderResponseSchema,
          signedIn: true,
        })
      ).order,
    audit: async (limit = DEFAULT_AUDIT_LIMIT): Promise<AuditEntry[]> =>
      (
        await call({
          method: 'GET',
          path: staffPaths.audit(clampLimit(limit, MAX_AUDIT_LIMIT)),
          schema: staffAuditResponseSchema,
          signedIn: true,
        })
      ).entries,
    live: (): Promise<StaffLiveResponse> =>
      call({ method: 'GET', path: staffPaths.live, schema: staffLiveResponseSchema, signedIn: true }),
    /** Any other staff call, for the views loaded later (bookings-client.ts), so their schemas stay out of the board's first load. */
    call,
    /** The shop's busy, paused and sold-out state now. */
    liveState: async (): Promise<LiveState> =>
      (
        await call({
          method: 'GET',
          path: liveStatePaths.liveState,
          schema: liveStateReadResponseSchema,
          signedIn: true,
        })
      ).liveState,
    /** Sets one service; `published` says whether open shop pages were told at once. */
    setService: (
      service: LiveService,
      setting: ServiceSetting,
    ): Promise<{ liveState: LiveState; published: boolean }> =>
      call({
        method: 'PUT',
        path: liveStatePaths.service(service),
        body: setting,
        schema: liveStateResponseSchema,
        signedIn: true,
      }),
    setSoldOut: (body: SoldOutBody): Promise<{ liveState: LiveState; published: boolean }> =>
      call({ method: 'PUT', path: liveStatePaths.soldOut, body, schema: liveStateResponseSchema, signedIn: true }),
    menu: (): Promise<StaffMenu> =>
      call({ method: 'GET', path: liveStatePaths.menu, schema: staffMenuResponseSchema, signedIn: true }),
  };
}

export type StaffClient = ReturnType<typeof createStaffClient>;
