import { useEffect } from "react";

/** Fired on window once React has hydrated the document (see deferred-scripts.server.ts). */
export const HYDRATED_EVENT = "agency:hydrated";

/**
 * Tells the page's boot script that React now handles events, so held clicks can be replayed.
 * Runs after every other effect of the first render (a parent's effects run after its children's),
 * so the app's own listeners are in place; `data-hydrated` on <html> says so to tests and tools.
 */
export function useAnnounceHydration() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
}
