import { describe, expect, it } from 'vitest';
import {
  boardCards,
  boardTitle,
  emptyBoard,
  untakenCount,
  withActionFailed,
  withActionSaved,
  withActionStarted,
  withLateSaved,
  withOrders,
  type BoardState,
} from './board.ts';
import { boardOrder, EVENING } from '../../shell/test-fixtures.ts';

const at = (minutesFromEvening: number) => new Date(EVENING.getTime() + minutesFromEvening * 60_000).toISOString();
const loaded = (...orders: ReturnType<typeof boardOrder>[]) => withOrders(emptyBoard, orders).board;
const numbers = (board: BoardState) => boardCards(board, EVENING).map((card) => card.order.orderNumber);
const shown = (board: BoardState) =>
  boardCards(board, EVENING).map((card) => `${card.order.orderNumber}:${card.shownState}${card.pending ? '…' : ''}`);

describe('the board', () => {
  it('lists orders by when to start: ASAP by the time promised, an order for later 20 minutes before it is due', () => {
    const board = loaded(
      boardOrder(1040, 30, { promisedAt: at(10) }),
      boardOrder(1042, 2, { promisedAt: at(5) }),
      // Due at 7:15 pm, started at 6:55 pm: the first to start.
      boardOrder(1041, 60, { dueAt: at(15) }),
      boardOrder(1043, 1, { dueAt: at(6 * 24 * 60) }),
    );
    expect(numbers(board)).toEqual([1041, 1042, 1040, 1043]);
    expect(boardCards(board, EVENING).map((card) => card.dueToStart)).toEqual([true, true, true, false]);
  });

  it.each([
    // Due 45 minutes from now: a shop preparing for 20 starts it in 25, one preparing for 45 now.
    [20, false, 25],
    [45, true, 0],
    [60, true, -15],
  ])('with the shop preparing for %i minutes, an order due in 45 is in the queue: %s', (minutes, due, startIn) => {
    const board = { ...loaded(boardOrder(1041, 10, { dueAt: at(45) })), preparationMinutes: minutes };
    const [card] = boardCards(board, EVENING);
    expect(card?.dueToStart).toBe(due);
    expect(card?.startsAt).toBe(at(startIn));
  });

  it('shows the later time the server saved, keeping a bump still saving as it is', () => {
    const board = withActionStarted(loaded(boardOrder(1041, 10), boardOrder(1042, 5)), 'enc-1041', 'bump')!;
    const saved = { ...boardOrder(1041, 10), runningLateUntil: at(30) };
    const late = withLateSaved(board, saved);
    expect(late.orders.find((order) => order.orderNumber === 1041)?.runningLateUntil).toBe(at(30));
    expect(late.pending).toEqual({ 'enc-1041': 'bump' });
    expect(withLateSaved(board, { ...boardOrder(1099, 1), runningLateUntil: at(30) })).toBe(board);
  });

  it('announces no arrivals with the first list, then each new order that was not there before', () => {
    const first = withOrders(emptyBoard, [boardOrder(1041, 10)]);
    expect(first.arrived).toEqual([]);
    const second = withOrders(first.board, [
      boardOrder(1042, 1),
      boardOrder(1041, 10),
      boardOrder(1043, 0, { state: 'taken' }),
    ]);
    expect(second.arrived.map((order) => order.orderNumber)).toEqual([1042]);
  });

  it('never moves an order back on a list that left the server before a bump was saved; an undo saved does', () => {
    const taken = withActionSaved(
      withActionStarted(loaded(boardOrder(1042, 2)), 'enc-1042', 'bump') ?? emptyBoard,
      boardOrder(1042, 2, { state: 'taken' }),
    );
    expect(shown(withOrders(taken, [boardOrder(1042, 2, { state: 'new' })]).board)).toEqual(['1042:taken']);
    expect(shown(withOrders(taken, [boardOrder(1042, 2, { state: 'ready' })]).board)).toEqual(['1042:ready']);
    const undone = withActionSaved(
      withActionStarted(taken, 'enc-1042', 'undo') ?? emptyBoard,
      boardOrder(1042, 2, { state: 'new' }),
    );
    expect(shown(undone)).toEqual(['1042:new']);
  });

  it('moves a collected order off the board to the top of Done', () => {
    const ready = loaded(boardOrder(1042, 2, { state: 'ready' }), boardOrder(1041, 3));
    const collected = withActionSaved(
      withActionStarted(ready, 'enc-1042', 'bump') ?? emptyBoard,
      boardOrder(1042, 2, { state: 'collected' }),
    );
    expect(numbers(collected)).toEqual([1041]);
    expect(collected.done.map((order) => `${order.orderNumber}:${order.state}`)).toEqual(['1042:collected']);
    // A list with it still active (sent before the bump) does not bring it back.
    expect(numbers(withOrders(collected, [boardOrder(1041, 3)]).board)).toEqual([1041]);
  });

  it('counts the orders nobody has accepted yet for the title', () => {
    const board = loaded(
      boardOrder(1043, 1),
      boardOrder(1042, 2),
      boardOrder(1041, 3, { state: 'taken' }),
      boardOrder(1040, 4, { state: 'ready' }),
    );
    expect(untakenCount(board)).toBe(2);
    expect(boardTitle(untakenCount(board))).toBe('(2) New orders · Console');
    expect(boardTitle(0)).toBe('Orders · Console');
  });
});

describe('bump and undo', () => {
  const board = loaded(
    boardOrder(1042, 2),
    boardOrder(1041, 5, { state: 'taken' }),
    boardOrder(1040, 9, { state: 'ready', orderType: 'delivery' }),
    boardOrder(1039, 12, { state: 'out-for-delivery', orderType: 'delivery' }),
  );

  it('offer each order the one step it takes next, and an undo from the second step on', () => {
    expect(boardCards(board, EVENING).map((card) => [card.order.orderNumber, card.bump, card.undoTo])).toEqual([
      [1039, 'Delivered', 'ready'],
      [1040, 'Out for delivery', 'taken'],
      [1041, 'Ready', 'new'],
      [1042, 'Accept', null],
    ]);
  });

  it('show a bump at once as saving, and allow nothing else on that card meanwhile', () => {
    const started = withActionStarted(board, 'enc-1042', 'bump');
    expect(started && shown(started)).toEqual(['1039:out-for-delivery', '1040:ready', '1041:taken', '1042:taken…']);
    expect(started && boardCards(started, EVENING)[3]).toMatchObject({ pending: 'bump', canBump: false, undoTo: null });
    expect(started && untakenCount(started)).toBe(0);
    expect(started && withActionStarted(started, 'enc-1042', 'bump')).toBeNull();
    expect(withActionStarted(board, 'enc-1042', 'undo')).toBeNull();
    expect(withActionStarted(board, 'enc-unknown', 'bump')).toBeNull();
  });

  it('show an undo at once, one step back', () => {
    const started = withActionStarted(board, 'enc-1040', 'undo');
    expect(started && shown(started)[1]).toBe('1040:taken…');
  });

  it("take the server's answer as the order once saved", () => {
    const started = withActionStarted(board, 'enc-1041', 'bump') ?? board;
    const saved = withActionSaved(started, boardOrder(1041, 5, { state: 'ready', notes: 'Ring the bell' }));
    expect(boardCards(saved, EVENING)[2]).toMatchObject({
      shownState: 'ready',
      pending: null,
      bump: 'Collected',
      order: { notes: 'Ring the bell' },
    });
  });

  it('put the card back as it was when the call fails, saying why, until the next try', () => {
    const started = withActionStarted(board, 'enc-1042', 'bump') ?? board;
    const failed = withActionFailed(
      started,
      'enc-1042',
      'bump',
      'Could not move this order on: Could not reach the server.',
    );
    expect(boardCards(failed, EVENING)[3]).toMatchObject({
      shownState: 'new',
      pending: null,
      canBump: true,
      failure: { message: 'Could not move this order on: Could not reach the server.' },
    });
    expect(untakenCount(failed)).toBe(1);
    const retried = withActionStarted(failed, 'enc-1042', 'bump');
    expect(retried && boardCards(retried, EVENING)[3]?.failure).toBeNull();
  });

  it('drop a failure once the order has moved on (someone else accepted it)', () => {
    const failed = withActionFailed(
      withActionStarted(board, 'enc-1042', 'bump') ?? board,
      'enc-1042',
      'bump',
      'Could not move this order on.',
    );
    expect(boardCards(withOrders(failed, failed.orders).board, EVENING)[3]?.failure).not.toBeNull();
    const movedOn = withOrders(failed, [boardOrder(1042, 2, { state: 'taken' })]).board;
    expect(boardCards(movedOn, EVENING)[0]?.failure).toBeNull();
  });
});
