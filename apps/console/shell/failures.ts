import { StaffApiError } from './client.ts';
import { staffMessages } from './messages.ts';

/** The one place a failed staff call becomes words: the API's own sentence, or that it could not be reached. */
export const failureText = (error: unknown): string =>
  error instanceof StaffApiError ? error.message : staffMessages.unreachable;

/** A 401: the session has ended, which the shell says as it goes back to sign-in; a view adds nothing. */
export const sessionEnded = (error: unknown): boolean => error instanceof StaffApiError && error.status === 401;
