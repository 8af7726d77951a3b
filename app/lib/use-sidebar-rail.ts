import { useCallback, useSyncExternalStore } from "react";
import { SIDEBAR_STORAGE_KEY } from "./constants";

// The console's sidebar can shrink to a rail of icons (decision 0077). Like the theme, the
// `data-sidebar` attribute on <html> is the source of truth, set by root.tsx before first paint,
// so a stored rail never renders wide first (no layout shift) and React never disagrees with it.

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-sidebar"] });
  return () => observer.disconnect();
}

const getSnapshot = () => document.documentElement.dataset.sidebar === "rail";
const getServerSnapshot = () => false;

/** Whether the sidebar is a rail of icons, and a setter that remembers the choice in this browser. */
export function useSidebarRail() {
  const rail = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const setRail = useCallback((next: boolean) => {
    if (next) document.documentElement.dataset.sidebar = "rail";
    else delete document.documentElement.dataset.sidebar;
    try {
      localStorage.setItem(SIDEBAR_STORAGE_KEY, next ? "rail" : "open");
    } catch {
      // Storage can be blocked (private mode); the choice still holds on this page.
    }
  }, []);
  return { rail, setRail };
}
