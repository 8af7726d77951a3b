import { useEffect, useRef, useState } from "react";
import { prefersReducedMotion } from "./motion";

/**
 * Runs `tick` every `ms` unless paused (hover or keyboard focus inside) or the visitor prefers
 * reduced motion. Returns handlers to spread on the carousel's container.
 */
export function usePausableInterval(ms: number, tick: () => void) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const tickRef = useRef(tick);
  tickRef.current = tick;

  useEffect(() => {
    if (hovered || focused || prefersReducedMotion()) return;
    const id = window.setInterval(() => tickRef.current(), ms);
    return () => window.clearInterval(id);
  }, [ms, hovered, focused]);

  return {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (event: React.FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
    },
  };
}

/** Next left offset of an auto-scrolling strip: half the visible width, back to 0 at the end. */
export function nextScrollLeft(scrollLeft: number, clientWidth: number, scrollWidth: number): number {
  const maxLeft = scrollWidth - clientWidth;
  if (maxLeft <= 0) return 0;
  if (scrollLeft >= maxLeft - 1) return 0;
  return Math.min(scrollLeft + clientWidth / 2, maxLeft);
}
