import { SECRET_TAP_CLICKS, SECRET_TAP_RESET_MS, SECRET_TAP_ZONE } from "./constants";

export interface TapState {
  count: number;
  firstAt: number;
}

export const initialTapState: TapState = { count: 0, firstAt: 0 };

/** SPEC §2: the hidden zone is the right 20% and bottom 20% of the viewport. */
export function isInSecretZone(x: number, y: number, width: number, height: number): boolean {
  return x >= width * (1 - SECRET_TAP_ZONE) && y >= height * (1 - SECRET_TAP_ZONE);
}

/** Counts a click in the zone; five within 1.5 s unlock, and the count restarts after 1.5 s. */
export function registerTap(state: TapState, now: number): { state: TapState; unlocked: boolean } {
  const expired = state.count === 0 || now - state.firstAt > SECRET_TAP_RESET_MS;
  const next = expired ? { count: 1, firstAt: now } : { count: state.count + 1, firstAt: state.firstAt };
  if (next.count >= SECRET_TAP_CLICKS) return { state: initialTapState, unlocked: true };
  return { state: next, unlocked: false };
}
