/** What live messaging reports, as far as deciding whether to log it goes. */
export interface MessagingProblem {
  kind: 'connection' | 'subscription' | 'message' | 'callback';
  topic?: string;
}

/**
 * Which messaging problems are worth a log line: the first connection failure of each outage
 * (not one per reconnect attempt every 5 s) and the first problem of each kind per topic (not
 * one per malformed message, however many arrive).
 */
export function createMessagingErrorFilter() {
  const seen = new Set<string>();
  let outage = false;
  return {
    /** The broker accepted the connection: the next failure starts a new outage. */
    connected(): void {
      outage = false;
    },
    shouldLog(problem: MessagingProblem): boolean {
      if (problem.kind === 'connection') {
        if (outage) return false;
        outage = true;
        return true;
      }
      const key = `${problem.kind}:${problem.topic ?? ''}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    },
  };
}
