import { useCallback, useSyncExternalStore } from "react";
import { THEME_STORAGE_KEY } from "./constants";

type Theme = "dark" | "light";

// The `dark` class on <html> is the source of truth; root.tsx sets it before first paint.
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  // Another tab changed the preference: follow it.
  function onStorage(event: StorageEvent) {
    if (event.key === THEME_STORAGE_KEY) document.documentElement.classList.toggle("dark", event.newValue === "dark");
  }
  window.addEventListener("storage", onStorage);
  return () => {
    observer.disconnect();
    window.removeEventListener("storage", onStorage);
  };
}

const getSnapshot = (): Theme => (document.documentElement.classList.contains("dark") ? "dark" : "light");
// SPEC §4: initially dark only if the stored value is dark; the server cannot know, so light.
const getServerSnapshot = (): Theme => "light";

/** SPEC §4: the theme, toggled in Settings, persisted in localStorage as "dark" or "light". */
export function useTheme() {
  const theme = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const setTheme = useCallback((next: Theme) => {
    document.documentElement.classList.toggle("dark", next === "dark");
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage can be blocked (private mode); the theme still applies to this page.
    }
  }, []);
  return { theme, setTheme };
}
