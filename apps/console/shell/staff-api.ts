import { createStaffClient, StaffApiError, type StaffClient } from './client.ts';
import { CONSOLE_CONFIG_FILE, consoleConfigSchema } from './config.ts';
import { staffMessages } from './messages.ts';
import { consoleToken, expireSession } from './store.ts';

let client: Promise<StaffClient> | undefined;

/**
 * The console's one staff API client, at the address `/console-config.json` names (the local
 * stack serves its own API's there). A 401 on any signed-in call sends staff back to sign-in.
 */
export function staffApi(): Promise<StaffClient> {
  client ??= fetch(`/${CONSOLE_CONFIG_FILE}`, { cache: 'no-cache' })
    .then((response) => {
      if (!response.ok) throw new Error(`${CONSOLE_CONFIG_FILE} answered ${response.status}`);
      return response.json();
    })
    .then((json: unknown) =>
      createStaffClient({
        baseUrl: consoleConfigSchema.parse(json).apiBaseUrl,
        token: consoleToken,
        onUnauthorized: expireSession,
      }),
    )
    .catch((cause: unknown) => {
      client = undefined;
      throw new StaffApiError('network', staffMessages.unreachable, { cause });
    });
  return client;
}
