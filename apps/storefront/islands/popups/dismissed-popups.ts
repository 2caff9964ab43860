const DISMISSED_KEY = 'popupsDismissed';

/** Popups dismissed in this visit (sessionStorage, so a new visit shows them again). */
export function dismissedPopups(): Set<number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]');
    return new Set(Array.isArray(saved) ? saved.filter((value): value is number => typeof value === 'number') : []);
  } catch {
    return new Set();
  }
}

export function rememberDismissed(ids: ReadonlySet<number>): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, JSON.stringify([...ids]));
  } catch {
    // Without storage the popup may show again on the next page of the visit; nothing breaks.
  }
}
