import { useEffect, useState } from "react";
import { SCROLL_TOP_THRESHOLD_PX } from "~/lib/constants";
import { scrollBehavior } from "~/lib/motion";

export function ScrollToTopButton() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    function update() {
      setVisible(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
    }
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: scrollBehavior() })}
      className="fixed right-5 bottom-5 z-40 flex size-12 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800 dark:bg-brand-500 dark:text-slate-950"
    >
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M10 16V4M4 10l6-6 6 6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
