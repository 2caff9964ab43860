/** The messaging error texts of the spec's error catalogue (section 8), as the MQTT client words them. */
export const messagingErrorTexts = [
  'Keepalive timeout',
  'No connection to broker',
  'Connection closed',
  'Missing protocol',
  'Missing clientId for unclean clients',
  'Could not determine host. Specify host manually.',
] as const;
export type MessagingErrorText = (typeof messagingErrorTexts)[number];

export const NO_CONNECTION_TO_BROKER: MessagingErrorText = 'No connection to broker';
export const CONNECTION_CLOSED: MessagingErrorText = 'Connection closed';

const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EAI_AGAIN',
]);

/**
 * The spec's text for an MQTT client error where one applies. A broker that cannot be reached
 * (socket error codes in Node, a bare "WebSocket error" event in browsers) is "No connection to
 * broker"; anything else, such as a refused CONNACK, keeps its own message.
 */
export function messagingErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const known = messagingErrorTexts.find((text) => message.includes(text));
  if (known) return known;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (unreachableCodes.has(code) || message === 'WebSocket error' || message === '') return NO_CONNECTION_TO_BROKER;
  return message;
}
