import { describe, expect, it } from 'vitest';
import { urgencyOf, type KitchenStage, type QueuedOrder } from './kitchen-flow.ts';
import { runningLate, type LateMinutes, type LateMove } from './running-late.ts';

// A Friday 7:30 pm in Melbourne (AEDT, +11): the shop's clock, whatever the machine's.
const now = new Date('2026-03-06T08:30:00.000Z');
const at = (minutesFromNow: number) => new Date(now.getTime() + minutesFromNow * 60_000).toISOString();

const order = (fields: Partial<QueuedOrder> & { state?: KitchenStage }): QueuedOrder & { state: KitchenStage } => ({
  orderNumber: 7,
  placedAt: at(-20),
  dueAt: null,
  promisedAt: at(10),
  runningLateUntil: null,
  state: 'taken',
  ...fields,
});

describe('running late', () => {
  const cases: [string, QueuedOrder & { state: KitchenStage }, string, LateMinutes, LateMove][] = [
    ['an ASAP order promised for 7:40 pm, 10 late: 7:50 pm', order({}), at(10), 10, { kind: 'later', until: at(20) }],
    ['a new order can run late too', order({ state: 'new' }), at(10), 30, { kind: 'later', until: at(40) }],
    [
      'an order for later counts from the time asked for',
      order({ dueAt: at(60), promisedAt: null }),
      at(60),
      20,
      { kind: 'later', until: at(80) },
    ],
    [
      'a second time counts from the kitchen’s last promise',
      order({ runningLateUntil: at(20) }),
      at(20),
      10,
      { kind: 'later', until: at(30) },
    ],
    [
      'a promise already passed counts from now',
      order({ promisedAt: at(-10) }),
      at(-10),
      20,
      { kind: 'later', until: at(20) },
    ],
    [
      'seconds are rounded up to the minute the customer reads',
      order({ promisedAt: new Date(now.getTime() + 10 * 60_000 + 15_000).toISOString() }),
      new Date(now.getTime() + 10 * 60_000 + 15_000).toISOString(),
      10,
      { kind: 'later', until: at(21) },
    ],
    [
      'an old order without a promise counts from its placing time, or now',
      order({ promisedAt: null }),
      at(-20),
      10,
      { kind: 'later', until: at(10) },
    ],
    [
      'a retry after the first tap landed changes nothing',
      order({ runningLateUntil: at(20) }),
      at(10),
      10,
      { kind: 'same' },
    ],
    ['a board that missed another cook’s tap changes nothing', order({}), at(5), 20, { kind: 'same' }],
    ['a ready order is refused', order({ state: 'ready' }), at(10), 10, { kind: 'refused', reason: 'stage' }],
    ['a collected order is refused', order({ state: 'collected' }), at(10), 10, { kind: 'refused', reason: 'stage' }],
    [
      'past three hours after the first promise (7:40 pm) is refused',
      order({ runningLateUntil: at(170) }),
      at(170),
      30,
      { kind: 'refused', reason: 'too-late' },
    ],
    [
      'three hours after it exactly is still a time to tell',
      order({ runningLateUntil: at(170) }),
      at(170),
      20,
      { kind: 'later', until: at(190) },
    ],
  ];

  it.each(cases)('%s', (_case, queued, from, minutes, move) => {
    expect(runningLate(queued, from, minutes, now)).toEqual(move);
  });

  it('times the card’s colour by the later promise', () => {
    expect(urgencyOf(order({ promisedAt: at(-5) }), now).urgency).toBe('late');
    expect(urgencyOf(order({ promisedAt: at(-5), runningLateUntil: at(15) }), now)).toEqual({
      urgency: 'on-time',
      minutesLeft: 15,
    });
  });
});
