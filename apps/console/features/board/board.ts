import type { BoardOrder, BoardOrderState } from '../../../../lib/api/staff-contract.ts';
import {
  bumpText,
  byStartTime,
  DEFAULT_PREPARATION_MINUTES,
  isCompleted,
  isDueToStart,
  nextStage,
  previousStage,
  startAt,
} from '../../../../lib/kitchen/kitchen-flow.ts';
import { awaitsAcknowledgement } from './new-order-alert.ts';

/**
 * The order board as the kitchen sees it. A bump (one step on) and an undo (one step back) show at
 * once (optimistic), marked as still saving, and a failed call puts the card back as it was with
 * the reason on it: the board never shows a state the server has not got, except as "saving".
 */

export type OrderAction = 'bump' | 'undo';

/** The board asks the API again this often while the broker is not pushing (and at once when it comes back). */
export const BOARD_POLL_MS = 15_000;

/** Where an action takes the order from the stage it is at; null when it cannot go that way. */
export function actionTarget(
  order: Pick<BoardOrder, 'state' | 'orderType'>,
  action: OrderAction,
): BoardOrderState | null {
  return action === 'bump' ? nextStage(order.state, order.orderType) : previousStage(order.state, order.orderType);
}

const STATE_RANK: Readonly<Record<BoardOrderState, number>> = {
  new: 0,
  taken: 1,
  ready: 2,
  'out-for-delivery': 3,
  collected: 4,
  delivered: 4,
  declined: 4,
};

export interface ActionFailure {
  action: OrderAction;
  message: string;
  /** The order's state when the call failed: once the order moves on, the failure no longer applies. */
  state: BoardOrderState;
}

export interface BoardState {
  /** False until the first list arrives: orders in it are the board, not arrivals to announce. */
  loaded: boolean;
  /** Every order not yet collected or delivered. */
  orders: readonly BoardOrder[];
  /** Active orders past what the API sends in one answer: the board says so. */
  moreActive: number;
  /** The newest completed orders (or those the Done filter found), newest first. */
  done: readonly BoardOrder[];
  pending: Readonly<Record<string, OrderAction>>;
  failures: Readonly<Record<string, ActionFailure>>;
  /** Orders of the last answer that were outside the contract, so not shown. */
  unreadable: number;
  /** The shop's: an order for later joins the queue this long before it is due. */
  preparationMinutes: number;
}

export const emptyBoard: BoardState = {
  loaded: false,
  orders: [],
  moreActive: 0,
  done: [],
  pending: {},
  failures: {},
  unreadable: 0,
  preparationMinutes: DEFAULT_PREPARATION_MINUTES,
};

export interface BoardCard {
  order: BoardOrder;
  /** What the card shows: the server's state, or where a call still saving will take it. */
  shownState: BoardOrderState;
  pending: OrderAction | null;
  failure: ActionFailure | null;
  /** The bump's label ("Accept", "Ready", "Out for delivery", …), null once there is no next step. */
  bump: string | null;
  canBump: boolean;
  /** Where an undo takes it back to, null at the first step. */
  undoTo: BoardOrderState | null;
  /** False for an order for later whose start time has not come: it waits under "Later". */
  dueToStart: boolean;
  /** When an order for later is to be started (its due time less the shop's preparation time); null for ASAP. */
  startsAt: string | null;
}

/**
 * An order as newly answered, never behind what the board already knows: a slow list that left
 * the server before a bump was saved cannot move it back here (an undo's own answer can).
 */
function laterOf(known: BoardOrder | undefined, incoming: BoardOrder): BoardOrder {
  return known && STATE_RANK[known.state] > STATE_RANK[incoming.state] ? { ...incoming, state: known.state } : incoming;
}

/** The board with a fresh list, and the orders that arrived since the last one (to chime for). */
export function withOrders(
  board: BoardState,
  incoming: readonly BoardOrder[],
  unreadable = 0,
  done: readonly BoardOrder[] = board.done,
  moreActive = 0,
): { board: BoardState; arrived: BoardOrder[] } {
  const known = new Map(board.orders.map((order) => [order.encryptedOrderId, order]));
  const orders = incoming
    .map((order) => laterOf(known.get(order.encryptedOrderId), order))
    .filter((order) => !isCompleted(order.state));
  const arrived = board.loaded
    ? orders.filter((order) => !known.has(order.encryptedOrderId) && awaitsAcknowledgement(order))
    : [];
  const failures = Object.fromEntries(
    Object.entries(board.failures).filter(([id, failure]) =>
      orders.some((order) => order.encryptedOrderId === id && order.state === failure.state),
    ),
  );
  return { board: { ...board, loaded: true, orders, done, moreActive, failures, unreadable }, arrived };
}

/**
 * The cards in the order the kitchen works them: by start time (kitchen-flow.ts byStartTime), an
 * order for later marked as not yet due to start until its preparation time before it is due.
 */
export function boardCards(board: BoardState, now: Date): BoardCard[] {
  const { preparationMinutes } = board;
  return byStartTime(board.orders, preparationMinutes).map((order) => {
    const pending = board.pending[order.encryptedOrderId] ?? null;
    const shownState = (pending && actionTarget(order, pending)) ?? order.state;
    return {
      order,
      shownState,
      pending,
      failure: board.failures[order.encryptedOrderId] ?? null,
      bump: bumpText(order.state, order.orderType),
      canBump: pending === null && actionTarget(order, 'bump') !== null,
      undoTo: pending === null ? actionTarget(order, 'undo') : null,
      dueToStart: isDueToStart(order, preparationMinutes, now),
      startsAt: order.dueAt === null ? null : new Date(startAt(order, preparationMinutes)).toISOString(),
    };
  });
}

/** The board with the action shown as saving, or null when the card cannot take it now (saving already, or no step that way). */
export function withActionStarted(board: BoardState, encryptedOrderId: string, action: OrderAction): BoardState | null {
  const order = board.orders.find((candidate) => candidate.encryptedOrderId === encryptedOrderId);
  if (!order || board.pending[encryptedOrderId] || actionTarget(order, action) === null) return null;
  const { [encryptedOrderId]: _cleared, ...failures } = board.failures;
  return { ...board, pending: { ...board.pending, [encryptedOrderId]: action }, failures };
}

/** The server's answer is the order: a completed one moves to the top of Done. */
export function withActionSaved(board: BoardState, saved: BoardOrder): BoardState {
  const { [saved.encryptedOrderId]: _done, ...pending } = board.pending;
  if (isCompleted(saved.state))
    return {
      ...board,
      pending,
      orders: board.orders.filter((order) => order.encryptedOrderId !== saved.encryptedOrderId),
      done: [saved, ...board.done.filter((order) => order.encryptedOrderId !== saved.encryptedOrderId)],
    };
  const orders = board.orders.map((order) => (order.encryptedOrderId === saved.encryptedOrderId ? saved : order));
  return { ...board, orders, pending };
}

/** The server's answer to "running late" is the order: its card shows the new time, any bump still saving stays so. */
export function withLateSaved(board: BoardState, saved: BoardOrder): BoardState {
  if (!board.orders.some((order) => order.encryptedOrderId === saved.encryptedOrderId)) return board;
  const orders = board.orders.map((order) =>
    order.encryptedOrderId === saved.encryptedOrderId ? { ...saved, state: order.state } : order,
  );
  return { ...board, orders };
}

export function withActionFailed(
  board: BoardState,
  encryptedOrderId: string,
  action: OrderAction,
  message: string,
): BoardState {
  const { [encryptedOrderId]: _done, ...pending } = board.pending;
  const order = board.orders.find((candidate) => candidate.encryptedOrderId === encryptedOrderId);
  if (!order) return { ...board, pending };
  return {
    ...board,
    pending,
    failures: { ...board.failures, [encryptedOrderId]: { action, message, state: order.state } },
  };
}

/** Orders nobody has accepted yet (an accept still saving counts: someone is on it). */
export function untakenCount(board: BoardState): number {
  return board.orders.filter((order) => order.state === 'new' && board.pending[order.encryptedOrderId] !== 'bump')
    .length;
}

export const CONSOLE_NAME = 'Console';

/** The tab's title: a kitchen with the console in a background tab sees new orders waiting. */
export function boardTitle(untaken: number): string {
  return untaken > 0
    ? `(${untaken}) New ${untaken === 1 ? 'order' : 'orders'} · ${CONSOLE_NAME}`
    : `Orders · ${CONSOLE_NAME}`;
}

export const SIGN_IN_TITLE = `Sign in · ${CONSOLE_NAME}`;
