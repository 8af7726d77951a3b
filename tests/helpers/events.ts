import { events, type AppEvent } from "~/server/events/bus.server";

/** Records every event published on the app's bus until `stop()`. */
export function recordEvents(): { seen: AppEvent[]; stop: () => void } {
  const seen: AppEvent[] = [];
  const stop = events().subscribe((event) => seen.push(event));
  return { seen, stop };
}
