import { z } from 'zod';
import { webUrl } from '../../../lib/tenant/primitives.ts';

/** Where the console finds the staff API: `/console-config.json` beside its page, so one build serves any environment. */
export const consoleConfigSchema = z.object({ apiBaseUrl: webUrl });
export type ConsoleConfig = z.infer<typeof consoleConfigSchema>;
export const CONSOLE_CONFIG_FILE = 'console-config.json';
