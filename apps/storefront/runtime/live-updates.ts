import { createMessagingErrorFilter } from '../../../lib/live/error-filter.ts';
import { liveDesignRefusal, liveThemeStyle, withLiveDesignField } from '../../../lib/site/theme.ts';
import { toast } from '../stores/toasts.ts';
import { applyLiveClockStatus } from './clock-status.ts';
import { reportError } from './error-capture.ts';
import {
  startLiveMessaging,
  type LiveMessagingError,
  type StopLiveMessaging,
} from '../../../lib/live/live-messaging.ts';
import type { RetailerCss } from '../../../lib/tenant/index.ts';
import type { RuntimeConfig } from '../../../lib/tenant/settings.ts';

export interface LiveUpdatesOptions {
  config: RuntimeConfig;
  retailerId: number;
  retailerWebsiteId: number | null;
  /** The theme the page shows, which design updates change; without it they are refused. */
  theme: RetailerCss | null;
}

/**
 * The open page's theme as live design updates change it, light and dark alike, in one style
 * element of its own; anything but a known colour field with a #rrggbb value is refused, and the
 * answer is why (null when applied).
 */
function liveTheme(initial: RetailerCss | null) {
  let theme = initial;
  let style: HTMLStyleElement | null = null;
  return (fieldName: string, fieldValue: unknown): string | null => {
    if (!theme) return 'this page has no theme to change';
    const refused = liveDesignRefusal(fieldName, fieldValue);
    const changed = refused === null ? withLiveDesignField(theme, fieldName, fieldValue) : null;
    if (!changed) return refused ?? `${fieldName} could not be applied`;
    theme = changed;
    if (!style) {
      style = document.createElement('style');
      style.dataset['liveTheme'] = '';
      document.head.append(style);
    }
    style.textContent = liveThemeStyle(changed);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', changed.primary);
    return null;
  };
}

/** Logs messaging trouble to the console and the error log, without a storm (see createMessagingErrorFilter). */
function messagingErrorLog() {
  const filter = createMessagingErrorFilter();
  return {
    connected: () => filter.connected(),
    report(error: LiveMessagingError) {
      if (!filter.shouldLog(error)) return;
      console.warn(`Live messaging: ${error.message}`);
      reportError({
        errorType: 'javascript',
        message: error.message,
        component: 'live-messaging',
        additionalContext: { kind: error.kind, topic: error.topic ?? null },
      });
    },
  };
}

/** The page's live topics: notifications as toasts, clock changes, and theme colours. */
export function startLiveUpdates({
  config,
  retailerId,
  retailerWebsiteId,
  theme,
}: LiveUpdatesOptions): StopLiveMessaging {
  const errors = messagingErrorLog();
  const applyDesignField = liveTheme(theme);
  return startLiveMessaging({
    brokerUrl: config.brokerUrl,
    topicPrefix: config.mqttTopicPrefix,
    retailerId,
    retailerWebsiteId,
    onNotify: ({ title, message }) =>
      toast({ title: 'Notification', description: title ? `${title}: ${message}` : message }),
    onClockStatus: applyLiveClockStatus,
    onDesignUpdate: ({ fieldName, fieldValue }) => {
      const refused = applyDesignField(fieldName, fieldValue);
      if (refused !== null)
        errors.report({ kind: 'message', topic: 'design', message: `Design update refused: ${refused}` });
    },
    onError: (error) => errors.report(error),
    onConnect: () => errors.connected(),
  });
}
