import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { scrollBehavior } from "~/lib/motion";

/** SPEC §2: every route change scrolls smoothly to the top. */
export function RouteScrollReset() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0, behavior: scrollBehavior() });
  }, [pathname]);
  return null;
}
