/**
 * An upstream server's state as the `ui` page shows it: `up` (connected), `starting` (its first attempt is
 * running), `retrying` (an attempt after a failure is running) or `down` (waiting for its next attempt).
 */
export type UpstreamState = 'up' | 'starting' | 'retrying' | 'down';

/** One upstream server now: its state, why it is not up, and the last lines it wrote to stderr. */
export interface UpstreamStatus {
  /** Its key in the config file. */
  server: string;
  state: UpstreamState;
  /** Why it is not connected (`could not be started or reached: …`); absent when it is up. */
  reason?: string;
  /** When it is down: milliseconds until its next attempt. */
  retryInMs?: number;
  /** Failures in a row (0 once connected). */
  failures: number;
  /** The tools it listed last (kept while it is down). */
  tools: number;
  /** The end of its stderr (secrets masked): the running attempt's, else the last failed one's; '' when none. */
  stderrTail: string;
}

/** The state of a supervised upstream from its parts (see `superviseUpstream`). */
export function upstreamStateOf(parts: {
  isConnected: boolean;
  isRetryPending: boolean;
  failures: number;
}): UpstreamState {
  if (parts.isConnected) return 'up';
  if (parts.isRetryPending) return 'down';
  return parts.failures === 0 ? 'starting' : 'retrying';
}
