import { describe, expect, it } from 'vitest';
import {
  bumpText,
  byStartTime,
  customerStageText,
  isCompleted,
  isDueToStart,
  stageMove,
  ticketPrintsAt,
  urgencyOf,
  type KitchenOrderType,
  type KitchenStage,
  type QueuedOrder,
  type StageMove,
} from './kitchen-flow.ts';

describe('stageMove', () => {
  const cases: [KitchenStage, KitchenStage, KitchenOrderType, boolean, StageMove][] = [
    ['new', 'taken', 'pickup', false, 'forward'],
    ['taken', 'ready', 'delivery', false, 'forward'],
    ['ready', 'collected', 'pickup', false, 'forward'],
    ['ready', 'out-for-delivery', 'delivery', false, 'forward'],
    ['out-for-delivery', 'delivered', 'delivery', false, 'forward'],
    ['ready', 'ready', 'pickup', false, 'same'],
    ['delivered', 'delivered', 'delivery', false, 'same'],
    // A second cook's bump from an older board: the order is past it already, nothing moves back.
    ['ready', 'taken', 'pickup', false, 'same'],
    ['delivered', 'taken', 'delivery', false, 'same'],
    ['taken', 'new', 'pickup', true, 'back'],
    ['collected', 'ready', 'pickup', true, 'back'],
    ['delivered', 'out-for-delivery', 'delivery', true, 'back'],
    ['ready', 'ready', 'delivery', true, 'same'],
    ['delivered', 'ready', 'delivery', true, 'refused'],
    ['ready', 'collected', 'pickup', true, 'refused'],
    ['new', 'ready', 'pickup', false, 'refused'],
    ['ready', 'delivered', 'delivery', false, 'refused'],
    ['ready', 'out-for-delivery', 'pickup', false, 'refused'],
    ['ready', 'collected', 'delivery', false, 'refused'],
    ['collected', 'out-for-delivery', 'pickup', false, 'refused'],
  ];
  it.each(cases)('%s to %s (%s, undo: %s) is %s', (current, target, orderType, undo, move) => {
    expect(stageMove(current, target, orderType, undo)).toBe(move);
  });
});

describe('words', () => {
  it('names the bump of each stage and none once done', () => {
    expect(bumpText('new', 'pickup')).toBe('Accept');
    expect(bumpText('taken', 'delivery')).toBe('Ready');
    expect(bumpText('ready', 'pickup')).toBe('Collected');
    expect(bumpText('ready', 'delivery')).toBe('Out for delivery');
    expect(bumpText('out-for-delivery', 'delivery')).toBe('Delivered');
    expect(bumpText('collected', 'pickup')).toBeNull();
    expect(bumpText('delivered', 'delivery')).toBeNull();
  });
  it('tells the customer each step', () => {
    expect(customerStageText('taken', 'pickup').title).toBe('Being prepared');
    expect(customerStageText('ready', 'pickup').title).toBe('Ready for pickup');
    expect(customerStageText('out-for-delivery', 'delivery').title).toBe('Out for delivery');
    expect(customerStageText('collected', 'pickup').title).toBe('Collected');
    expect(customerStageText('delivered', 'delivery').title).toBe('Delivered');
  });
  it('completes only collected and delivered orders', () => {
    expect(['new', 'taken', 'ready', 'out-for-delivery'].map((stage) => isCompleted(stage as KitchenStage))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(isCompleted('collected') && isCompleted('delivered')).toBe(true);
  });
});

describe('the queue by start time', () => {
  const now = new Date('2026-03-06T08:00:00.000Z');
  const order = (orderNumber: number, fields: Partial<QueuedOrder>): QueuedOrder => ({
    orderNumber,
    placedAt: '2026-03-06T07:50:00.000Z',
    dueAt: null,
    promisedAt: null,
    ...fields,
  });
  const asapLate = order(1, { promisedAt: '2026-03-06T08:10:00.000Z' });
  const asapSooner = order(2, { placedAt: '2026-03-06T07:55:00.000Z', promisedAt: '2026-03-06T08:04:00.000Z' });
  // Due 8:20 with 20 minutes' preparation: starts at 8:00, before the ASAP promised for 8:04.
  const scheduledNow = order(3, { dueAt: '2026-03-06T08:20:00.000Z' });
  const scheduledLater = order(4, { dueAt: '2026-03-12T08:00:00.000Z', placedAt: '2026-03-06T07:00:00.000Z' });
  const oldAsap = order(5, { placedAt: '2026-03-06T07:40:00.000Z' });

  it('puts ASAP orders by their promised time and scheduled ones by due minus preparation', () => {
    expect(
      byStartTime([asapLate, asapSooner, scheduledNow, scheduledLater, oldAsap], 20).map((o) => o.orderNumber),
    ).toEqual([5, 3, 2, 1, 4]);
  });

  it('keeps a scheduled order out of the queue until its start time', () => {
    expect(isDueToStart(scheduledNow, 20, now)).toBe(true);
    expect(isDueToStart(scheduledNow, 20, new Date('2026-03-06T07:59:59.000Z'))).toBe(false);
    expect(isDueToStart(scheduledLater, 20, now)).toBe(false);
    expect(isDueToStart(scheduledLater, 20, new Date('2026-03-12T07:40:00.000Z'))).toBe(true);
    expect(isDueToStart(asapLate, 20, now)).toBe(true);
  });

  it.each([
    ['an ASAP order', asapLate, now, null],
    ['an order for later whose start time has come', scheduledNow, now, null],
    [
      'an order for later, a minute before its start',
      scheduledNow,
      new Date('2026-03-06T07:59:00.000Z'),
      '2026-03-06T08:00:00.000Z',
    ],
    ['an order for later, days ahead', scheduledLater, now, '2026-03-12T07:40:00.000Z'],
  ] as const)('prints the tickets of %s at its start time, or at once', (_what, queued, at, printsAt) => {
    expect(ticketPrintsAt(queued, 20, at)?.toISOString() ?? null).toBe(printsAt);
  });

  it('colours by the time left to the promise', () => {
    expect(urgencyOf(asapLate, now)).toEqual({ urgency: 'on-time', minutesLeft: 10 });
    expect(urgencyOf(asapSooner, now)).toEqual({ urgency: 'soon', minutesLeft: 4 });
    expect(urgencyOf(oldAsap, now)).toEqual({ urgency: 'late', minutesLeft: -20 });
  });
});
