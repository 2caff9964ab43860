/**
 * How a confirmation page follows its own order over the broker. The API gives the page that
 * reads a placed order a random watch key; the page logs in to the broker as ORDER_WATCH_USERNAME
 * with the key as password, and the broker then lets that connection subscribe to the one order
 * topic derived from the key. The topic (which the API publishes to and logs may show) does not
 * reveal the key, and the public order id reveals neither. Mosquitto cannot check the key: there
 * the page logs in to its order-watch listener with the topic id as username (runtime config's
 * orderWatchBrokerUrl; SECURITY.md).
 */

export const ORDER_WATCH_USERNAME = 'order-watch';

/** 16 random bytes as base64url: letters, digits, `-` and `_` only, so never a topic separator or wildcard. */
export const orderWatchKeyPattern = /^[A-Za-z0-9_-]{22}$/;

export function isOrderWatchKey(value: unknown): value is string {
  return typeof value === 'string' && orderWatchKeyPattern.test(value);
}
