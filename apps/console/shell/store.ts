import { atom } from 'nanostores';
import { failureText, sessionEnded } from './failures.ts';
import type { BoardOrder, StaffMember, StaffSignInBody } from '../../../lib/api/staff-contract.ts';
import {
  actionTarget,
  emptyBoard,
  withActionFailed,
  withActionSaved,
  withActionStarted,
  withLateSaved,
  withOrders,
  type BoardState,
  type OrderAction,
} from '../features/board/board.ts';
import type { StaffClient } from './client.ts';
import { currentPromise } from '../../../lib/kitchen/kitchen-flow.ts';
import type { LateMinutes } from '../../../lib/kitchen/running-late.ts';
import { staffMessages } from './messages.ts';
import { ACTION_TEXT, declinedText, formatClock } from '../features/board/format.ts';
import { acknowledgeNewOrders, raiseNewOrders } from '../features/board/new-order-alert.ts';
import { setShopZone } from './shop-zone.ts';
import { rememberShop } from './remembered-shop.ts';
import {
  forgetSession,
  readDevice,
  readSession,
  saveDevice,
  saveSession,
  type StorageLike,
  type StoredSession,
} from './session.ts';

/**
 * The staff console's state: who is signed in, the board, and how it keeps current. Actions
 * that call the API take the client, so tests hand them a fake one.
 */

export type ConsoleSession =
  | { kind: 'signed-out'; notice: string | null }
  | { kind: 'resuming'; session: StoredSession }
  /** A saved session the server could not be asked about: the token is kept for another try. */
  | { kind: 'unreachable'; session: StoredSession; message: string }
  | { kind: 'signed-in'; session: StoredSession; staff: StaffMember };

export interface BoardSync {
  /** The broker is pushing changes; otherwise the board asks every BOARD_POLL_MS. */
  live: boolean;
  /** When the last list arrived (ISO), null before the first. */
  updatedAt: string | null;
  /** Why the last refresh failed, until one succeeds. */
  problem: string | null;
}

export const $consoleSession = atom<ConsoleSession>({ kind: 'signed-out', notice: null });
export const $board = atom<BoardState>(emptyBoard);
export const $boardSync = atom<BoardSync>({ live: false, updatedAt: null, problem: null });

export interface ConsoleEnvironment {
  storage: () => StorageLike | undefined;
  /** Where the device token outlives the tab: localStorage. */
  deviceStorage: () => StorageLike | undefined;
  now: () => Date;
}

/** sessionStorage can throw on access (storage disabled); the console then keeps the session in memory only. */
function browserSessionStorage(): StorageLike | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

function browserLocalStorage(): StorageLike | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

const environment: ConsoleEnvironment = {
  storage: browserSessionStorage,
  deviceStorage: browserLocalStorage,
  now: () => new Date(),
};

/** Tests run the console on their own clock and storage. */
export function setConsoleEnvironment(replacement: Partial<ConsoleEnvironment>): void {
  Object.assign(environment, replacement);
}

/** The token for the client's calls, and what tells an answer for this session from one for an earlier. */
export function consoleToken(): string | null {
  const session = $consoleSession.get();
  return session.kind === 'signed-out' ? null : session.session.token;
}

/** Ends the session on this device: the token leaves storage, the board leaves memory. */
export function endSession(notice: string | null): void {
  forgetSession(environment.storage());
  $board.set(emptyBoard);
  acknowledgeNewOrders();
  $boardSync.set({ live: false, updatedAt: null, problem: null });
  $consoleSession.set({ kind: 'signed-out', notice });
}

/** The session ended on the server (401) or by its own clock: back to sign-in, saying why. */
export function expireSession(): void {
  if ($consoleSession.get().kind !== 'signed-out') endSession(staffMessages.sessionEnded);
}

/** Signs in; answers the message to show, or null once signed in. */
export async function signIn(client: StaffClient, body: StaffSignInBody): Promise<string | null> {
  try {
    const device = readDevice(environment.deviceStorage());
    const answer = await client.signIn(device ? { ...body, device } : body);
    if (answer.device) saveDevice(environment.deviceStorage(), answer.device);
    rememberShop(environment.deviceStorage(), answer.staff.retailer.name);
    const session = { token: answer.token, expiresAt: answer.expiresAt };
    saveSession(environment.storage(), session);
    $board.set(emptyBoard);
    setShopZone(answer.staff.retailer.zone);
    $consoleSession.set({ kind: 'signed-in', session, staff: answer.staff });
    return null;
  } catch (error) {
    return failureText(error);
  }
}

/**
 * Picks up the session saved by an earlier page load: asks the server who it belongs to, since
 * nothing but the token was kept. An ended session goes back to sign-in saying so.
 */
export async function resumeSession(client: () => Promise<StaffClient>): Promise<void> {
  const saved = readSession(environment.storage(), environment.now());
  if (saved.kind === 'none') {
    $consoleSession.set({ kind: 'signed-out', notice: null });
    return;
  }
  if (saved.kind === 'expired') {
    endSession(staffMessages.sessionEnded);
    return;
  }
  const { session } = saved;
  $consoleSession.set({ kind: 'resuming', session });
  try {
    const staff = await (await client()).me();
    if ($consoleSession.get().kind === 'resuming') {
      setShopZone(staff.retailer.zone);
      $consoleSession.set({ kind: 'signed-in', session, staff });
    }
  } catch (error) {
    if (sessionEnded(error)) expireSession();
    else if ($consoleSession.get().kind === 'resuming')
      $consoleSession.set({ kind: 'unreachable', session, message: failureText(error) });
  }
}

/**
 * Signs out: the server forgets the session, then this device does. When the server cannot be
 * told, the device forgets it all the same and says until when the token stays valid there.
 */
export async function signOut(client: StaffClient): Promise<void> {
  const session = $consoleSession.get();
  if (session.kind === 'signed-out') return;
  try {
    await client.signOut();
    endSession('You are signed out.');
  } catch (error) {
    if (sessionEnded(error)) endSession('You are signed out.');
    else
      endSession(
        `Signed out on this device. The server could not be told, so the session ends by itself at ${formatClock(session.session.expiresAt, environment.now())}.`,
      );
  }
}

/** Refreshes the board; answers the orders that arrived since the last list (for the chime). */
export async function refreshBoard(client: StaffClient): Promise<BoardOrder[]> {
  const token = consoleToken();
  try {
    const { orders, done, moreActive, unreadable, preparationMinutes } = await client.orders(
      undefined,
      $doneSearch.get(),
    );
    // An answer that lands after sign-out, or after another staff member signed in, is not shown.
    if ($consoleSession.get().kind !== 'signed-in' || consoleToken() !== token) return [];
    const { board, arrived } = withOrders($board.get(), orders, unreadable, done, moreActive);
    $board.set({ ...board, preparationMinutes });
    raiseNewOrders(arrived, board.orders);
    $boardSync.set({ ...$boardSync.get(), updatedAt: environment.now().toISOString(), problem: null });
    return arrived;
  } catch (error) {
    if (!sessionEnded(error) && consoleToken() === token)
      $boardSync.set({ ...$boardSync.get(), problem: failureText(error) });
    return [];
  }
}

export function setLive(live: boolean): void {
  if ($boardSync.get().live !== live) $boardSync.set({ ...$boardSync.get(), live });
}

/** The Done list's filter (an order number or a name): the next refresh asks for it. */
export const $doneSearch = atom('');

export function searchDone(client: StaffClient, search: string): Promise<BoardOrder[]> {
  $doneSearch.set(search);
  return refreshBoard(client);
}

/** A bump or an undo: shown at once as saving; the server's answer replaces it, a failure puts the card back with the reason. */
export async function runOrderAction(
  client: StaffClient,
  encryptedOrderId: string,
  action: OrderAction,
): Promise<void> {
  const order = $board.get().orders.find((candidate) => candidate.encryptedOrderId === encryptedOrderId);
  const target = order && actionTarget(order, action);
  const started = withActionStarted($board.get(), encryptedOrderId, action);
  if (!started || !target) return;
  $board.set(started);
  const token = consoleToken();
  try {
    const saved = await client.stage(encryptedOrderId, target, action === 'undo');
    if (consoleToken() === token) $board.set(withActionSaved($board.get(), saved));
  } catch (error) {
    if (sessionEnded(error) || consoleToken() !== token) return;
    $board.set(
      withActionFailed($board.get(), encryptedOrderId, action, `${ACTION_TEXT[action].failed}: ${failureText(error)}`),
    );
  }
}

/**
 * Running late: promises the order `minutes` later than the card shows. Answers why it failed, in
 * the kitchen's words, or null once the board shows the saved time.
 */
export async function runLate(
  client: StaffClient,
  encryptedOrderId: string,
  minutes: LateMinutes,
): Promise<string | null> {
  const order = $board.get().orders.find((candidate) => candidate.encryptedOrderId === encryptedOrderId);
  if (!order) return null;
  const token = consoleToken();
  try {
    const saved = await client.late(encryptedOrderId, minutes, currentPromise(order));
    if (consoleToken() === token) $board.set(withLateSaved($board.get(), saved));
    return null;
  } catch (error) {
    if (sessionEnded(error) || consoleToken() !== token) return null;
    return `Could not push the time out: ${failureText(error)}`;
  }
}

/**
 * Declines a new order: it leaves the board for Done, its customer is told, and a payment made
 * online is refunded. Answers what the board should say (with the refund) or why it failed.
 */
export async function runDecline(
  client: StaffClient,
  encryptedOrderId: string,
): Promise<{ done: true; text: string } | { done: false; text: string } | null> {
  const token = consoleToken();
  try {
    const { order, refund } = await client.decline(encryptedOrderId);
    if (consoleToken() !== token) return null;
    $board.set(withActionSaved($board.get(), order));
    return { done: true, text: declinedText(order.orderNumber, refund) };
  } catch (error) {
    if (sessionEnded(error) || consoleToken() !== token) return null;
    return { done: false, text: `Could not decline this order: ${failureText(error)}` };
  }
}

/**
 * Runs `reset` whenever another session (or none) takes this device: what one session saw is not
 * shown to the next. A view's store calls it once, with what empties it.
 */
export function resetWithSession(reset: () => void): void {
  let shownFor: string | null = null;
  $consoleSession.subscribe(() => {
    const token = consoleToken();
    if (token === shownFor) return;
    shownFor = token;
    reset();
  });
}
