import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshOrderState } from '../../../lib/cart/order-state.ts';
import { orderingData } from '../../../lib/site/ordering.ts';
import { loadTenant } from '../../../lib/tenant/load.ts';
import { $order } from './order.ts';
import { applyStartupOrderType, chooseOrderType } from './order-time.ts';
import { $orderingData } from './ordering-data.ts';

// Sunday 29 Nov 2026, 10:45 pm in Melbourne: bella-napoli has closed; pickup opens first again
// (Tuesday 5 pm), the first delivery the switching rules offer is 6 pm.
const sundayNight = new Date('2026-11-29T11:45:00Z');
const tuesdayDelivery = new Date('2026-12-01T07:00:00Z').toISOString();

beforeAll(async () => {
  $orderingData.set(orderingData(await loadTenant('tenants', 'bella-napoli')));
});

describe('a service tapped while the page starts, at night', () => {
  beforeEach(() => $order.set(freshOrderState('delivery')));

  it('is answered after the start-of-visit rules, which do not undo it', () => {
    // Delivery is what the fresh order holds, so the tap itself changes nothing yet.
    chooseOrderType('delivery', sundayNight);
    applyStartupOrderType(sundayNight);
    expect($order.get()).toMatchObject({
      orderType: 'delivery',
      orderForLater: true,
      orderForLaterRequestDateTime: tuesdayDelivery,
    });
  });

  it('once started, the rules run no more and a tap is answered at once', () => {
    applyStartupOrderType(sundayNight);
    expect($order.get().orderType).toBe('pickup');
    chooseOrderType('delivery', sundayNight);
    expect($order.get()).toMatchObject({ orderType: 'delivery', orderForLaterRequestDateTime: tuesdayDelivery });
  });
});
