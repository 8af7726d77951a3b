import { useRef, type ReactNode } from "react";
import { scrollBehavior } from "~/lib/motion";
import { nextScrollLeft, usePausableInterval } from "~/lib/use-pausable-interval";

interface AutoScrollStripProps {
  intervalMs: number;
  label: string;
  children: ReactNode;
  className?: string;
}

/** SPEC §4: testimonials and logos scroll by half the container width, wrapping to the start. */
export function AutoScrollStrip({ intervalMs, label, children, className = "" }: AutoScrollStripProps) {
  const ref = useRef<HTMLUListElement>(null);
  const handlers = usePausableInterval(intervalMs, () => {
    const el = ref.current;
    if (!el) return;
    el.scrollTo({ left: nextScrollLeft(el.scrollLeft, el.clientWidth, el.scrollWidth), behavior: scrollBehavior() });
  });
  return (
    <section aria-label={label} {...handlers}>
      <ul
        ref={ref}
        tabIndex={0}
        aria-label={`${label} (scrollable)`}
        className={`flex snap-x gap-6 overflow-x-auto pb-4 [scrollbar-width:thin] ${className}`}
      >
        {children}
      </ul>
    </section>
  );
}
