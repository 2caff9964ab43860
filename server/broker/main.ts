/**
 * `npm run broker`: the development MQTT broker for every tenant in tenants/.
 *   HOST                      interface to listen on, default 127.0.0.1 (loopback only); 0.0.0.0 for every interface
 *   BROKER_WS_PORT            MQTT over WebSocket, default 9001
 *   BROKER_TCP_PORT           plain MQTT, default 1883; "off" disables it
 *   BROKER_OPERATOR_PASSWORD  password of the "operator" user; required when NODE_ENV=production,
 *                             else "dev-operator" with a warning
 *   BROKER_STAFF_SECRET       the staff consoles' passwords are derived from it (the API's must be the same); as above
 */
import { fileURLToPath } from 'node:url';
import { createBroker } from './broker.ts';
import { displayHost, listenHostFromEnv } from '../listen-host.ts';
import { OPERATOR_USERNAME, STAFF_USERNAME_PREFIX } from './acl.ts';
import { brokerSettingsFromEnv } from './settings.ts';

const tenantsDir = fileURLToPath(new URL('../../tenants', import.meta.url));

try {
  const settings = brokerSettingsFromEnv(process.env, (line) => console.warn(line));
  const host = listenHostFromEnv(process.env);
  const broker = await createBroker({ tenantsDir, host, ...settings });
  console.log(`broker: MQTT over WebSocket on ws://${displayHost(host)}:${broker.wsPort}`);
  if (broker.tcpPort !== null) console.log(`broker: MQTT over TCP on mqtt://${displayHost(host)}:${broker.tcpPort}`);
  console.log(
    `broker: operators log in as "${OPERATOR_USERNAME}", staff consoles as "${STAFF_USERNAME_PREFIX}<retailerId>"`,
  );
  const shutDown = () => {
    broker.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutDown);
  process.once('SIGTERM', shutDown);
} catch (error) {
  console.error(`broker: could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
