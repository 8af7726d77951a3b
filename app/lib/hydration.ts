import { useEffect } from "react";

/** Fired on window once React has hydrated the document (see deferred-scripts.server.ts). */
export const HYDRATED_EVENT = "agency:hydrated";

/** Tells the page's boot script that React now handles events, so held clicks can be replayed. */
export function useAnnounceHydration() {
  useEffect(() => {
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
}
