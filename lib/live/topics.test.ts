import { describe, expect, it } from 'vitest';
import {
  clockStatusTopic,
  connectedTopic,
  designFieldUpdateTopic,
  notifyTopic,
  orderStatusTopic,
  visitorSubscriptions,
} from './topics.ts';

const scope = { topicPrefix: 'storefront', retailerId: 111 };

describe('live topics', () => {
  it.each([
    ['notify', notifyTopic(scope, 'sf_ab12'), 'storefront/111/sf_ab12/notify'],
    ['clock status', clockStatusTopic(scope), 'storefront/111/clock/status'],
    ['design field update', designFieldUpdateTopic(scope, 42), 'storefront/111/design/field-update/42'],
    ['connected', connectedTopic(scope), 'storefront/111/connected'],
    ['order status', orderStatusTopic(scope, 'Xy12_-ab'), 'storefront/111/order/Xy12_-ab/status'],
    ['another prefix', clockStatusTopic({ topicPrefix: 'pizza-live', retailerId: 436 }), 'pizza-live/436/clock/status'],
  ])('%s topic', (_name, topic, expected) => {
    expect(topic).toBe(expected);
  });

  it('a visitor listens to its own notify topic, the clock and its website design', () => {
    expect(visitorSubscriptions(scope, 'sf_ab12', 42)).toEqual([
      'storefront/111/sf_ab12/notify',
      'storefront/111/clock/status',
      'storefront/111/design/field-update/42',
    ]);
  });
});
