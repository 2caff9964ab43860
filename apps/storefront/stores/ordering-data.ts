import { atom, computed } from 'nanostores';
import { catalogueFromTenant, type Catalogue } from '../../../lib/pricing/catalogue.ts';
import { orderingPayloadSchema, type OrderingData } from '../../../lib/site/ordering.ts';
import type { ScheduleInput } from '../../../lib/time/schedule.ts';

/** The menu, prices and hours the page was built with, read from its `_payload.json`; null until loaded. */
export const $orderingData = atom<OrderingData | null>(null);

export const $catalogue = computed($orderingData, (data): Catalogue | null =>
  data ? catalogueFromTenant(data) : null,
);

export const $schedule = computed($orderingData, (data): ScheduleInput | null =>
  data
    ? { tradingHours: data.tradingHours, closedDates: data.closedDates, retailerInfo: data.config.retailerInfo }
    : null,
);

let loading: Promise<OrderingData> | undefined;

function fetchOrderingData(init?: RequestInit): Promise<OrderingData> {
  return fetch('/_payload.json', init)
    .then((response) => {
      if (!response.ok) throw new Error(`_payload.json answered ${response.status}`);
      return response.json();
    })
    .then((json: unknown) => {
      // Parsed once per page: compiling zod's fast path for it would cost a phone more than it saves.
      const { ordering } = orderingPayloadSchema.parse(json, { jitless: true });
      $orderingData.set(ordering);
      return ordering;
    });
}

/** Loads the page's ordering data once; a failed load can be tried again. */
export function loadOrderingData(): Promise<OrderingData> {
  loading ??= fetchOrderingData().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * Loads the menu the deployment serves now, past the browser's cache: after an owner publishes,
 * the page's own copy prices the cart at what the shop no longer charges.
 */
export function reloadOrderingData(): Promise<OrderingData> {
  const reloading = fetchOrderingData({ cache: 'no-cache' });
  loading = reloading.catch(() => loadOrderingData());
  return reloading;
}
