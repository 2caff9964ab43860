/**
 * What the console's first paint needs to know about a saved session, kept apart from the session's
 * schema (session.ts) so the sign-in page loads no zod.
 */
export const SESSION_STORAGE_KEY = 'consoleSession';

/** Set on <html> while a saved session is opened, so the sign-in form does not flash past a returning cook. */
export const SESSION_MARK_ATTRIBUTE = 'data-console-session';

/** The inline head script that sets the mark before anything paints. */
export const sessionMarkScript = `try{if(sessionStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)}))document.documentElement.setAttribute(${JSON.stringify(SESSION_MARK_ATTRIBUTE)},'saved')}catch(e){}`;

/** Whether this tab kept a session (read, not checked: session.ts checks it once the console's code is loaded). */
export function hasSavedSession(): boolean {
  try {
    return globalThis.sessionStorage?.getItem(SESSION_STORAGE_KEY) != null;
  } catch {
    return false;
  }
}
