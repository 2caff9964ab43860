import { describe, expect, it } from 'vitest';
import { messagingErrorText } from './errors.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('messagingErrorText', () => {
  it.each([
    ['keepalive', new Error('Keepalive timeout'), 'Keepalive timeout'],
    ['offline publish', new Error('No connection to broker'), 'No connection to broker'],
    ['closed while in flight', new Error('Connection closed'), 'Connection closed'],
    ['URL without protocol', new Error('Missing protocol'), 'Missing protocol'],
    ['unclean without id', new Error('Missing clientId for unclean clients'), 'Missing clientId for unclean clients'],
    [
      'no host',
      new Error('Could not determine host. Specify host manually.'),
      'Could not determine host. Specify host manually.',
    ],
    ['wrapped known text', new Error('subscribe failed: Connection closed'), 'Connection closed'],
    [
      'refused TCP connection',
      withCode('connect ECONNREFUSED 127.0.0.1:9001', 'ECONNREFUSED'),
      'No connection to broker',
    ],
    ['unknown host', withCode('getaddrinfo ENOTFOUND broker.invalid', 'ENOTFOUND'), 'No connection to broker'],
    ['browser WebSocket failure', new Error('WebSocket error'), 'No connection to broker'],
    ['browser error event', { type: 'error' }, 'No connection to broker'],
    [
      'refused CONNACK keeps its own words',
      new Error('Connection refused: Not authorized'),
      'Connection refused: Not authorized',
    ],
    ['plain string', 'Keepalive timeout', 'Keepalive timeout'],
  ])('%s', (_name, error, expected) => {
    expect(messagingErrorText(error)).toBe(expected);
  });
});
