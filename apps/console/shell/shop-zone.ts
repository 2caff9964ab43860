import { atom } from 'nanostores';
import type { ShopZone } from '../../../lib/time/shop-zone.ts';

/**
 * The signed-in shop's clock. Every time the console shows or reads is on it, never the device's:
 * a kitchen tablet left on UTC must still say the time the customer was promised.
 */
export const $shopZone = atom<ShopZone>(0);

export function setShopZone(zone: ShopZone): void {
  $shopZone.set(zone);
}
