import { secretFromEnv, type Env } from '../secrets.ts';

/** Local development defaults (architecture: broker MQTT-over-WebSocket on 9001; MQTT's own TCP port 1883). */
export const DEFAULT_BROKER_WS_PORT = 9001;
export const DEFAULT_BROKER_TCP_PORT = 1883;
export interface BrokerSettings {
  wsPort: number;
  tcpPort?: number;
  operatorPassword: string;
  staffSecret: string;
}

function port(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535)
    throw new Error(`${name} must be a port number 0-65535, got ${JSON.stringify(value)}`);
  return parsed;
}

/** Reads BROKER_WS_PORT, BROKER_TCP_PORT ("off" for none), BROKER_OPERATOR_PASSWORD and BROKER_STAFF_SECRET (both required when NODE_ENV=production). */
export function brokerSettingsFromEnv(env: Env, warn: (line: string) => void = () => undefined): BrokerSettings {
  const wsPort = port('BROKER_WS_PORT', env['BROKER_WS_PORT'], DEFAULT_BROKER_WS_PORT);
  const secrets = {
    operatorPassword: secretFromEnv(env, 'BROKER_OPERATOR_PASSWORD', (line) => warn(`broker warning: ${line}`)),
    staffSecret: secretFromEnv(env, 'BROKER_STAFF_SECRET', (line) => warn(`broker warning: ${line}`)),
  };
  if (env['BROKER_TCP_PORT']?.trim().toLowerCase() === 'off') return { wsPort, ...secrets };
  return { wsPort, tcpPort: port('BROKER_TCP_PORT', env['BROKER_TCP_PORT'], DEFAULT_BROKER_TCP_PORT), ...secrets };
}
