import { isChunkLoadFailure, mayReloadForChunk } from '../../../lib/site/chunk-reload.ts';

/**
 * The first-paint half of error reporting: window listeners that catch script errors, unhandled
 * rejections and failed resource loads from the start, and queue them until the reporter
 * (`error-reporter.ts`, loaded when the browser is idle) takes over. Kept free of zod and the
 * API client so it costs the first paint next to nothing.
 */

export type CapturedErrorType = 'react' | 'javascript' | 'promise' | 'resource';

export interface CapturedError {
  errorType: CapturedErrorType;
  message: string;
  stack?: string | null;
  filename?: string | null;
  lineno?: number | null;
  colno?: number | null;
  component?: string | null;
  additionalContext?: Record<string, string | number | boolean | null> | null;
  /** When and where it happened: stamped at capture, not when the batch leaves. */
  timestamp: string;
  route: string;
  url: string;
}

const MAX_QUEUED = 50;
const queue: CapturedError[] = [];
let sink: ((entry: CapturedError) => void) | null = null;

/** Reports an error to the server log: an island's boundary, a runtime service or the window listeners. */
export function reportError(entry: Omit<CapturedError, 'timestamp' | 'route' | 'url'>): void {
  const captured: CapturedError = {
    ...entry,
    timestamp: new Date().toISOString(),
    route: location.pathname,
    url: location.href,
  };
  if (sink) sink(captured);
  else if (queue.length < MAX_QUEUED) queue.push(captured);
}

/** Hands everything queued so far, and everything from now on, to the reporter. */
export function drainErrors(next: (entry: CapturedError) => void): void {
  sink = next;
  for (const entry of queue.splice(0)) next(entry);
}

const chunkReloadKey = (path: string) => `chunk-reload:${path}`;

/** A module of this deployment is gone (a newer build replaced it): reload, once per path within 10 s. */
export function reloadForMissingChunk(): boolean {
  const key = chunkReloadKey(location.pathname);
  const now = Date.now();
  try {
    const saved = sessionStorage.getItem(key);
    if (!mayReloadForChunk(saved === null ? null : Number(saved), now)) return false;
    sessionStorage.setItem(key, String(now));
  } catch {
    // Without session storage a reload could not be limited: better to stay than to loop.
    return false;
  }
  location.reload();
  return true;
}

/** A thrown value in words, whatever was thrown. */
export function messageOf(reason: unknown): string {
  if (reason instanceof Error) return reason.message || reason.name;
  if (typeof reason === 'string') return reason;
  try {
    return JSON.stringify(reason) ?? String(reason);
  } catch {
    return String(reason);
  }
}

function isModuleResource(target: Element): boolean {
  return (
    (target instanceof HTMLScriptElement && target.type === 'module') ||
    (target instanceof HTMLLinkElement && target.rel === 'modulepreload')
  );
}

let installed = false;

export function installErrorCapture(): void {
  if (installed) return;
  installed = true;
  // Capture phase: load failures of images, scripts and styles do not bubble to the window.
  window.addEventListener(
    'error',
    (event) => {
      const target = event.target;
      if (target instanceof Element) {
        const source = target.getAttribute('src') ?? target.getAttribute('href') ?? '';
        if (isModuleResource(target) && reloadForMissingChunk()) return;
        reportError({
          errorType: 'resource',
          message: `Failed to load ${target.tagName.toLowerCase()} ${source}`.trim(),
          filename: source || null,
          component: target.tagName.toLowerCase(),
        });
        return;
      }
      if (!(event instanceof ErrorEvent)) return;
      if (isChunkLoadFailure(event.message) && reloadForMissingChunk()) return;
      reportError({
        errorType: 'javascript',
        message: event.message || messageOf(event.error),
        stack: event.error instanceof Error ? (event.error.stack ?? null) : null,
        filename: event.filename || null,
        lineno: event.lineno || null,
        colno: event.colno || null,
      });
    },
    true,
  );
  window.addEventListener('unhandledrejection', (event) => {
    const message = messageOf(event.reason);
    if (isChunkLoadFailure(message) && reloadForMissingChunk()) return;
    reportError({
      errorType: 'promise',
      message,
      stack: event.reason instanceof Error ? (event.reason.stack ?? null) : null,
    });
  });
  // Astro retries a failed island import once, then announces it here instead of rejecting.
  window.addEventListener('astro:hydration-error', (event) => {
    const detail: unknown = event instanceof CustomEvent ? event.detail : null;
    const error = typeof detail === 'object' && detail !== null && 'error' in detail ? detail.error : undefined;
    const componentUrl =
      typeof detail === 'object' && detail !== null && 'componentUrl' in detail ? detail.componentUrl : undefined;
    const message = messageOf(error);
    if (isChunkLoadFailure(message) && reloadForMissingChunk()) {
      event.preventDefault();
      return;
    }
    reportError({
      errorType: 'react',
      message: `Island could not hydrate: ${message}`,
      stack: error instanceof Error ? (error.stack ?? null) : null,
      component: typeof componentUrl === 'string' ? componentUrl : null,
    });
  });
  // Vite's own signal that a lazily loaded chunk's dependencies could not be preloaded.
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForMissingChunk()) event.preventDefault();
  });
}
