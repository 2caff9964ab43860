import { liveThemeProperty } from '../lib/site/theme.ts';
import { toast } from '../stores/toasts.ts';
import { applyLiveClockStatus } from './clock-status.ts';
import { reportError } from './error-capture.ts';
import { startLiveMessaging, type LiveMessagingError, type StopLiveMessaging } from './live-messaging.ts';
import type { RuntimeConfig } from '../lib/tenant/settings.ts';

export interface LiveUpdatesOptions {
  config: RuntimeConfig;
  retailerId: number;
  retailerWebsiteId: number | null;
}

/** Sets one theme colour of the open page; anything but a known colour field with a #rrggbb value is refused. */
function applyDesignField(fieldName: string, fieldValue: unknown): boolean {
  const declaration = liveThemeProperty(fieldName, fieldValue);
  if (!declaration) return false;
  document.documentElement.style.setProperty(declaration.property, declaration.value);
  if (declaration.property === '--tenant-primary') document.querySelector('meta[name="theme-color"]')?.setAttribute('content', declaration.value);
  return true;
}

/**
 * Logs messaging trouble without a storm: one entry per outage for the connection, and one per
 * topic for malformed messages, however many arrive.
 */
function messagingErrorLog() {
  const seen = new Set<string>();
  let outage = false;
  const log = (key: string, error: LiveMessagingError) => {
    if (seen.has(key)) return;
    seen.add(key);
    console.warn(`Live messaging: ${error.message}`);
    reportError({ errorType: 'javascript', message: error.message, component: 'live-messaging', additionalContext: { kind: error.kind, topic: error.topic ?? null } });
  };
  return {
    connected() {
      outage = false;
      seen.delete('connection');
    },
    report(error: LiveMessagingError) {
      if (error.kind !== 'connection') {
        log(`${error.kind}:${error.topic ?? ''}`, error);
        return;
      }
      if (outage) return;
      outage = true;
      log('connection', error);
    },
  };
}

/** The page's live topics: notifications as toasts, clock changes, and theme colours. */
export function startLiveUpdates({ config, retailerId, retailerWebsiteId }: LiveUpdatesOptions): StopLiveMessaging {
  const errors = messagingErrorLog();
  return startLiveMessaging({
    brokerUrl: config.brokerUrl,
    topicPrefix: config.mqttTopicPrefix,
    retailerId,
    retailerWebsiteId,
    onNotify: ({ title, message }) => toast({ title: 'Notification', description: title ? `${title}: ${message}` : message }),
    onClockStatus: applyLiveClockStatus,
    onDesignUpdate: ({ fieldName, fieldValue }) => {
      if (!applyDesignField(fieldName, fieldValue)) errors.report({ kind: 'message', topic: 'design', message: `Design update refused: ${fieldName}` });
    },
    onError: (error) => errors.report(error),
    onConnect: () => errors.connected(),
  });
}
