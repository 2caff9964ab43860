import { afterEach, describe, expect, it } from 'vitest';
import { boardOrder } from '../../shell/test-fixtures.ts';
import {
  $alertOn,
  $newOrderAlert,
  acknowledgeNewOrders,
  alertAfterRefresh,
  alertHeading,
  raiseNewOrders,
  setAlertOn,
} from './new-order-alert.ts';

const first = boardOrder(1041, 1);
const second = boardOrder(1042, 0);
const accepted = boardOrder(1043, 0, { state: 'taken', autoAccepted: true });
const ids = (orders: readonly { orderNumber: number }[]) => orders.map((order) => order.orderNumber);

describe('alertAfterRefresh', () => {
  it.each([
    ['raises an arrival', [], [first], [first], [1041]],
    ['adds a second arrival after the first, once each', [first], [first, second], [first, second], [1041, 1042]],
    [
      'drops an order another device accepted',
      [first, second],
      [],
      [{ ...first, state: 'taken' as const }, second],
      [1042],
    ],
    ['drops an order gone from the board (cancelled)', [first], [], [], []],
    ['raises nothing for an arrival already moved on', [], [first], [{ ...first, state: 'taken' as const }], []],
    ['raises an order auto-accept accepted, until someone moves it on', [], [accepted], [accepted], [1043]],
    ['drops an auto-accepted order once it is ready', [accepted], [], [{ ...accepted, state: 'ready' as const }], []],
  ])('%s', (_case, alerting, arrived, board, expected) => {
    expect(ids(alertAfterRefresh(alerting, arrived, board))).toEqual(expected);
  });

  it('keeps the same list when nothing changed, so the alert does not re-render', () => {
    const alerting = [first];
    expect(alertAfterRefresh(alerting, [], [first, second])).toBe(alerting);
  });
});

describe('the alert on this device', () => {
  afterEach(() => {
    setAlertOn(true);
    acknowledgeNewOrders();
  });

  it('is raised by arrivals and cleared by an acknowledgement', () => {
    raiseNewOrders([first], [first]);
    expect(ids($newOrderAlert.get())).toEqual([1041]);
    acknowledgeNewOrders();
    expect($newOrderAlert.get()).toEqual([]);
  });

  it('raises nothing while switched off, and switching off clears what was raised', () => {
    raiseNewOrders([first], [first]);
    setAlertOn(false);
    expect($alertOn.get()).toBe(false);
    expect($newOrderAlert.get()).toEqual([]);
    raiseNewOrders([second], [first, second]);
    expect($newOrderAlert.get()).toEqual([]);
  });
});

describe('alertHeading', () => {
  it.each([
    ['one', [first], 'New order'],
    ['three', [first, second, first], '3 new orders'],
    ['one accepted by auto-accept', [accepted], 'New order accepted'],
    ['two accepted by auto-accept', [accepted, accepted], '2 new orders accepted'],
    ['some accepted, some waiting', [accepted, first], '2 new orders'],
  ])('%s', (_case, orders, text) => expect(alertHeading(orders)).toBe(text));
});
