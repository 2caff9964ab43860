import { createMessagingErrorFilter } from '../lib/live/error-filter.ts';
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

/** Logs messaging trouble to the console and the error log, without a storm (see createMessagingErrorFilter). */
function messagingErrorLog() {
  const filter = createMessagingErrorFilter();
  return {
    connected: () => filter.connected(),
    report(error: LiveMessagingError) {
      if (!filter.shouldLog(error)) return;
      console.warn(`Live messaging: ${error.message}`);
      reportError({ errorType: 'javascript', message: error.message, component: 'live-messaging', additionalContext: { kind: error.kind, topic: error.topic ?? null } });
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
