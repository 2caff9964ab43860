import type { BoardOrder, BoardOrderState } from '../../../../lib/api/staff-contract.ts';

/**
 * The order board as the kitchen sees it. Take and Ready show at once (optimistic), marked as
 * still saving, and a failed call puts the card back as it was with the reason on it: the board
 * never shows a state the server has not got, except as "saving".
 */

export type OrderAction = 'take' | 'ready';

/** The board asks the API again this often while the broker is not pushing (and at once when it comes back). */
export const BOARD_POLL_MS = 15_000;

/** Each action moves an order from one state to the next, and only from that one. */
export const ACTION_STEPS: Readonly<Record<OrderAction, { from: BoardOrderState; to: BoardOrderState }>> = {
  take: { from: 'new', to: 'taken' },
  ready: { from: 'taken', to: 'ready' },
};

const STATE_RANK: Readonly<Record<BoardOrderState, number>> = {
  new: 0,
  taken: 1,
  ready: 2,
  'out-for-delivery': 3,
  collected: 4,
  delivered: 4,
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
  /** Newest first. */
  orders: readonly BoardOrder[];
  pending: Readonly<Record<string, OrderAction>>;
  failures: Readonly<Record<string, ActionFailure>>;
  /** Orders of the last answer that were outside the contract, so not shown. */
  unreadable: number;
}

export const emptyBoard: BoardState = { loaded: false, orders: [], pending: {}, failures: {}, unreadable: 0 };

export interface BoardCard {
  order: BoardOrder;
  /** What the card shows: the server's state, or where a call still saving will take it. */
  shownState: BoardOrderState;
  pending: OrderAction | null;
  failure: ActionFailure | null;
  canTake: boolean;
  canReady: boolean;
}

const newestFirst = (a: BoardOrder, b: BoardOrder) =>
  Date.parse(b.placedAt) - Date.parse(a.placedAt) || b.orderNumber - a.orderNumber;

/**
 * An order as newly answered, never behind what the board already knows: states only move
 * forward, so a slow list that left the server before a take was saved cannot undo it here.
 */
function laterOf(known: BoardOrder | undefined, incoming: BoardOrder): BoardOrder {
  return known && STATE_RANK[known.state] > STATE_RANK[incoming.state] ? { ...incoming, state: known.state } : incoming;
}

/** The board with a fresh list, and the orders that arrived since the last one (to chime for). */
export function withOrders(
  board: BoardState,
  incoming: readonly BoardOrder[],
  unreadable = 0,
): { board: BoardState; arrived: BoardOrder[] } {
  const known = new Map(board.orders.map((order) => [order.encryptedOrderId, order]));
  const orders = incoming.map((order) => laterOf(known.get(order.encryptedOrderId), order)).sort(newestFirst);
  const arrived = board.loaded
    ? orders.filter((order) => !known.has(order.encryptedOrderId) && order.state === 'new')
    : [];
  const failures = Object.fromEntries(
    Object.entries(board.failures).filter(([id, failure]) =>
      orders.some((order) => order.encryptedOrderId === id && order.state === failure.state),
    ),
  );
  return { board: { ...board, loaded: true, orders, failures, unreadable }, arrived };
}

export function boardCards(board: BoardState): BoardCard[] {
  return board.orders.map((order) => {
    const pending = board.pending[order.encryptedOrderId] ?? null;
    const shownState = pending ? ACTION_STEPS[pending].to : order.state;
    return {
      order,
      shownState,
      pending,
      failure: board.failures[order.encryptedOrderId] ?? null,
      canTake: pending === null && order.state === ACTION_STEPS.take.from,
      canReady: pending === null && order.state === ACTION_STEPS.ready.from,
    };
  });
}

/** The board with the action shown as saving, or null when the card cannot take it now (saving already, or not in the state it starts from). */
export function withActionStarted(board: BoardState, encryptedOrderId: string, action: OrderAction): BoardState | null {
  const order = board.orders.find((candidate) => candidate.encryptedOrderId === encryptedOrderId);
  if (!order || board.pending[encryptedOrderId] || order.state !== ACTION_STEPS[action].from) return null;
  const { [encryptedOrderId]: _cleared, ...failures } = board.failures;
  return { ...board, pending: { ...board.pending, [encryptedOrderId]: action }, failures };
}

export function withActionSaved(board: BoardState, saved: BoardOrder): BoardState {
  const { [saved.encryptedOrderId]: _done, ...pending } = board.pending;
  const orders = board.orders.map((order) =>
    order.encryptedOrderId === saved.encryptedOrderId ? laterOf(order, saved) : order,
  );
  return { ...board, orders, pending };
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

/** Orders nobody has taken yet (a take still saving counts as taken: someone is on it). */
export function untakenCount(board: BoardState): number {
  return boardCards(board).filter((card) => card.shownState === 'new').length;
}

export const CONSOLE_NAME = 'Console';

/** The tab's title: a kitchen with the console in a background tab sees new orders waiting. */
export function boardTitle(untaken: number): string {
  return untaken > 0
    ? `(${untaken}) New ${untaken === 1 ? 'order' : 'orders'} · ${CONSOLE_NAME}`
    : `Orders · ${CONSOLE_NAME}`;
}

export const SIGN_IN_TITLE = `Sign in · ${CONSOLE_NAME}`;
