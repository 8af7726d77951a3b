import { THEME_STORAGE_KEY } from "~/lib/constants";

/**
 * The header's light/dark switch for every visitor (SPEC §4: stored as "dark" or "light", dark only
 * if stored). No state: the `dark` class on <html> is the truth (useTheme follows it), and CSS picks
 * the icon and the name, so the button is right before hydration and costs the home page almost no
 * JavaScript. Without JavaScript no theme can be applied, so the button is not shown.
 */
export function ThemeSwitch() {
  return (
    <button
      type="button"
      onClick={toggleTheme}
      className="rounded-md p-2 text-slate-700 hover:text-brand-700 noscript:hidden dark:text-slate-200 dark:hover:text-brand-300"
    >
      <span className="sr-only dark:hidden">Switch to dark theme</span>
      <span className="sr-only hidden dark:inline">Switch to light theme</span>
      <svg
        aria-hidden="true"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        {/* A moon in the light theme (what the click brings), a sun in the dark one. */}
        <path className="dark:hidden" d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        <g className="hidden dark:inline">
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </g>
      </svg>
    </button>
  );
}

function toggleTheme() {
  const dark = document.documentElement.classList.toggle("dark");
  try {
    localStorage.setItem(THEME_STORAGE_KEY, dark ? "dark" : "light");
  } catch {
    // Storage can be blocked (private mode); the theme still applies to this page.
  }
}
