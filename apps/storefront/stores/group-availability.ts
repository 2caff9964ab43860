import { nanoquery } from '@nanostores/query';
import { computed } from 'nanostores';
import { AVAILABILITY_CACHE_STALE_MS, AVAILABILITY_REFRESH_THROTTLE_MS } from '../../../lib/constants.ts';
import { groupAvailabilityMap, groupServedTexts } from '../../../lib/menu/group-availability-map.ts';
import type { GroupAvailabilityHours } from '../../../lib/tenant/index.ts';
import { retailerApi } from '../runtime/retailer-api.ts';
import { $orderTime } from './cart.ts';
import { $orderingData } from './ordering-data.ts';
import { shopZone } from '../../../lib/time/shop-zone.ts';

/**
 * The spec's status cache for product-group availability: an answer is fresh for 30 s (no
 * refetch sooner, however often the page asks), stale after 5 minutes and then refetched while
 * the page is open, on focus or when the network returns.
 */
const [createFetcherStore] = nanoquery({
  dedupeTime: AVAILABILITY_REFRESH_THROTTLE_MS,
  revalidateInterval: AVAILABILITY_CACHE_STALE_MS,
  revalidateOnFocus: true,
  revalidateOnReconnect: true,
});

/** The retailer's current group hours from the API; undefined until the first answer. */
export const $liveGroupHours = createFetcherStore<GroupAvailabilityHours[]>(['group-hours'], {
  fetcher: async () => (await retailerApi()).getGroupHours(),
});

/** Whether each product group can be ordered at the order time, following the clock; null until the menu data is in. */
export const $groupAvailability = computed([$orderingData, $liveGroupHours, $orderTime], (data, live, at) =>
  data
    ? groupAvailabilityMap(
        data.productsInfoSsr.groups,
        { built: data.groupHours, live: live.data },
        at,
        shopZone(data.config.retailerInfo),
      )
    : null,
);

/** When each group not served at the order time is served ("Opens at 11:30 am"), by group id; null until the menu data is in. */
export const $groupServedTexts = computed([$orderingData, $liveGroupHours, $orderTime], (data, live, at) =>
  data
    ? groupServedTexts(
        data.productsInfoSsr.groups,
        { built: data.groupHours, live: live.data },
        at,
        shopZone(data.config.retailerInfo),
      )
    : null,
);
