import { ORDER_ORIGIN_NOTE } from '../constants.ts';
import { orderStatusCodes, type OrderStatus, type OrderType } from './schemas.ts';

/** Phones and tablets by their user agent: Android, iPhone, iPad, iPod and other "Mobile" browsers. */
const MOBILE_USER_AGENT =
  /Android|iPhone|iPad|iPod|webOS|BlackBerry|BB10|IEMobile|Windows Phone|Opera Mini|Kindle|Silk|Mobile/i;

export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return typeof userAgent === 'string' && MOBILE_USER_AGENT.test(userAgent);
}

/** The first status of a visit: 54 on a mobile device, 1 otherwise. */
export function startStatusCode(
  userAgent: string | null | undefined,
): typeof orderStatusCodes.mobileStart | typeof orderStatusCodes.start {
  return isMobileUserAgent(userAgent) ? orderStatusCodes.mobileStart : orderStatusCodes.start;
}

/** A change of order type is recorded as 55 (pickup) or 56 (delivery). */
export function orderTypeStatusCode(
  orderType: OrderType,
): typeof orderStatusCodes.pickup | typeof orderStatusCodes.delivery {
  return orderType === 'pickup' ? orderStatusCodes.pickup : orderStatusCodes.delivery;
}

/** A visit records its start status only when it has neither an order nor any status yet. */
export function needsStartStatus(encryptedOrderId: string | null, statuses: readonly OrderStatus[]): boolean {
  return (encryptedOrderId === null || encryptedOrderId === '') && statuses.length === 0;
}

export function startStatus(userAgent: string | null | undefined, now: Date): OrderStatus {
  return { orderStatusTypeId: startStatusCode(userAgent), notes: ORDER_ORIGIN_NOTE, timestamp: now.toISOString() };
}

export function orderTypeStatus(orderType: OrderType, now: Date): OrderStatus {
  return { orderStatusTypeId: orderTypeStatusCode(orderType), notes: '', timestamp: now.toISOString() };
}

/** Login carries the customer's id in the notes. */
export function loginStatus(customerId: number, now: Date): OrderStatus {
  return { orderStatusTypeId: orderStatusCodes.login, notes: String(customerId), timestamp: now.toISOString() };
}

export function logoutStatus(now: Date): OrderStatus {
  return { orderStatusTypeId: orderStatusCodes.logout, notes: '', timestamp: now.toISOString() };
}
