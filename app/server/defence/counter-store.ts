// The contract of the rate-limit counters, in a leaf so the stores and rate-limit.server.ts do not
// import each other.

/**
 * Fixed-window counters shared by every instance: the database by default, Redis when REDIS_URL is
 * set (decision 0013). A window starts with its first hit and ends `windowMs` later.
 */
export interface CounterStore {
  /** Counts one hit and returns the count in the current window, this hit included. */
  hit(key: string, windowMs: number, now: number): Promise<number>;
  /** The count in the current window, without counting a hit. */
  peek(key: string, windowMs: number, now: number): Promise<number>;
  /** Takes one hit back (never below zero), leaving the window as it is: a refund. */
  takeBack(key: string): Promise<void>;
  /** Forgets the key: its next hit starts a new window. */
  clear(key: string): Promise<void>;
  /** Whether the store answers; "off" when it is the database, which readiness checks anyway. */
  check(): Promise<"ok" | "unreachable" | "off">;
  close(): Promise<void>;
}
