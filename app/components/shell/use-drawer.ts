import { useEffect, useRef, useState } from "react";

/**
 * The phone drawer of the app shell (SPEC §2's rule for the portal, the console alike): the menu
 * button opens it on its first link; Escape closes it and focus goes back to the button.
 */
export function useDrawer() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    drawer.current?.querySelector<HTMLElement>("nav a")?.focus();
    function onKey(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  return { open, setOpen, button, drawer };
}
