import { describe, expect, it } from 'vitest';
import {
  boardCards,
  boardTitle,
  emptyBoard,
  untakenCount,
  withActionFailed,
  withActionSaved,
  withActionStarted,
  withOrders,
  type BoardState,
} from './board.ts';
import { boardOrder } from '../../shell/test-fixtures.ts';

const loaded = (...orders: ReturnType<typeof boardOrder>[]) => withOrders(emptyBoard, orders).board;
const numbers = (board: BoardState) => boardCards(board).map((card) => card.order.orderNumber);
const shown = (board: BoardState) =>
  boardCards(board).map((card) => `${card.order.orderNumber}:${card.shownState}${card.pending ? '…' : ''}`);

describe('the board', () => {
  it('lists the newest order first, whatever order the answer came in', () => {
    expect(numbers(loaded(boardOrder(1040, 30), boardOrder(1042, 2), boardOrder(1041, 10)))).toEqual([
      1042, 1041, 1040,
    ]);
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

  it('never moves an order back: a list that left the server before a take was saved does not undo it', () => {
    const taken = withActionSaved(
      withActionStarted(loaded(boardOrder(1042, 2)), 'enc-1042', 'take') ?? emptyBoard,
      boardOrder(1042, 2, { state: 'taken' }),
    );
    expect(shown(withOrders(taken, [boardOrder(1042, 2, { state: 'new' })]).board)).toEqual(['1042:taken']);
    expect(shown(withOrders(taken, [boardOrder(1042, 2, { state: 'ready' })]).board)).toEqual(['1042:ready']);
  });

  it('counts the orders nobody has taken yet for the title', () => {
    const board = loaded(
      boardOrder(1043, 1),
      boardOrder(1042, 2),
      boardOrder(1041, 3, { state: 'taken' }),
      boardOrder(1040, 4, { state: 'ready' }),
    );
    expect(untakenCount(board)).toBe(2);
    expect(boardTitle(untakenCount(board))).toBe('(2) New orders · Console');
    expect(boardTitle(1)).toBe('(1) New order · Console');
    expect(boardTitle(0)).toBe('Orders · Console');
  });
});

describe('Take and Ready', () => {
  const board = loaded(
    boardOrder(1042, 2),
    boardOrder(1041, 5, { state: 'taken' }),
    boardOrder(1040, 9, { state: 'ready' }),
  );

  it('offer each order the one step it can take next', () => {
    expect(boardCards(board).map((card) => [card.order.orderNumber, card.canTake, card.canReady])).toEqual([
      [1042, true, false],
      [1041, false, true],
      [1040, false, false],
    ]);
  });

  it('show the step at once, marked as saving, with both buttons held until the server answers', () => {
    const started = withActionStarted(board, 'enc-1042', 'take');
    expect(started && shown(started)).toEqual(['1042:taken…', '1041:taken', '1040:ready']);
    expect(started && boardCards(started)[0]).toMatchObject({ pending: 'take', canTake: false, canReady: false });
    expect(started && untakenCount(started)).toBe(0);
  });

  it('refuse a second tap while saving, and a step the order is not at', () => {
    const started = withActionStarted(board, 'enc-1042', 'take');
    expect(started && withActionStarted(started, 'enc-1042', 'take')).toBeNull();
    expect(withActionStarted(board, 'enc-1042', 'ready')).toBeNull();
    expect(withActionStarted(board, 'enc-1040', 'ready')).toBeNull();
    expect(withActionStarted(board, 'enc-unknown', 'take')).toBeNull();
  });

  it("take the server's answer as the order once saved", () => {
    const started = withActionStarted(board, 'enc-1041', 'ready') ?? board;
    const saved = withActionSaved(started, boardOrder(1041, 5, { state: 'ready', notes: 'Ring the bell' }));
    expect(boardCards(saved)[1]).toMatchObject({
      shownState: 'ready',
      pending: null,
      failure: null,
      order: { notes: 'Ring the bell' },
    });
  });

  it('put the card back as it was when the call fails, saying why, until the next try', () => {
    const started = withActionStarted(board, 'enc-1042', 'take') ?? board;
    const failed = withActionFailed(
      started,
      'enc-1042',
      'take',
      'Could not take this order: Could not reach the server.',
    );
    expect(boardCards(failed)[0]).toMatchObject({
      shownState: 'new',
      pending: null,
      canTake: true,
      failure: { message: 'Could not take this order: Could not reach the server.' },
    });
    expect(untakenCount(failed)).toBe(1);
    const retried = withActionStarted(failed, 'enc-1042', 'take');
    expect(retried && boardCards(retried)[0]?.failure).toBeNull();
  });

  it('drop a failure once the order has moved on (someone else took it)', () => {
    const failed = withActionFailed(
      withActionStarted(board, 'enc-1042', 'take') ?? board,
      'enc-1042',
      'take',
      'Could not take this order.',
    );
    expect(boardCards(withOrders(failed, failed.orders).board)[0]?.failure).not.toBeNull();
    const movedOn = withOrders(failed, [boardOrder(1042, 2, { state: 'taken' })]).board;
    expect(boardCards(movedOn)[0]?.failure).toBeNull();
  });
});
