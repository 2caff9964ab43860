import type { ClosingWarning } from '../../../lib/time/closing-warnings.ts';
import { $order } from '../stores/order.ts';
import { $closingWarnings, chooseOrderTime, chooseOrderType } from '../stores/order-time.ts';
import { orderToast } from '../stores/toasts.ts';

const SHOWN_KEY = 'closingWarningsShown';

function shownKeys(): Set<string> {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(SHOWN_KEY) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

function remember(keys: Set<string>): void {
  try {
    sessionStorage.setItem(SHOWN_KEY, JSON.stringify([...keys].slice(-50)));
  } catch {
    // Private modes may refuse storage; the warning then may show again after a reload, which is harmless.
  }
}

/** Warnings name their closing time, so one key per level and closing time shows each once per shift. */
function keyOf(service: string, warning: ClosingWarning): string {
  const closesAt = /(?:closes at|ends at|opens) ([^.:]+)/.exec(warning.description)?.[1] ?? warning.description;
  return `${service}|${warning.level}|${warning.title}|${closesAt}`;
}

function actionOf(warning: ClosingWarning) {
  const { action } = warning;
  if (action === null) return null;
  if (action.kind === 'switch-service') return { label: action.label, run: () => chooseOrderType(action.to) };
  return { label: action.label, run: () => chooseOrderTime(action.at) };
}

/** Shows the chosen service's closing warnings as toasts as the clock reaches them, each once per shift and visit. */
export function startClosingWarnings(): () => void {
  const shown = shownKeys();
  return $closingWarnings.subscribe((warnings) => {
    const service = $order.get().orderType;
    for (const warning of [...warnings].reverse()) {
      const key = keyOf(service, warning);
      if (shown.has(key)) continue;
      shown.add(key);
      orderToast({
        title: warning.title,
        description: warning.description,
        variant: warning.level === 'critical' || warning.level === 'urgent' ? 'destructive' : 'default',
        action: actionOf(warning),
      });
    }
    remember(shown);
  });
}
