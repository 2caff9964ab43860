/** What the console says when a call fails, worded for the person at the counter; zod-free, so the sign-in page can use it. */
export const staffMessages = {
  unreachable: 'Could not reach the server. Check the connection and try again.',
  timeout: 'The server took too long to answer. Try again.',
  serverFault: 'The server could not do that just now. Try again.',
  notAllowed: 'Your role may not do that.',
  orderGone: 'This order is not on the board any more.',
  sessionEnded: 'Your session has ended. Sign in again to see the orders.',
  invalidAnswer:
    'The server answered something the console does not understand. Try again, or tell the person who runs the system.',
} as const;
