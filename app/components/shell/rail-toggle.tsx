import { useSidebarRail } from "~/lib/use-sidebar-rail";
import { RailIcon } from "./nav-icons";

/** Shrinks the console's sidebar to its icons and back; remembered in this browser (decision 0077). */
export function RailToggle() {
  const { rail, setRail } = useSidebarRail();
  return (
    <button
      type="button"
      aria-pressed={rail}
      onClick={() => setRail(!rail)}
      className="hidden items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-600 hover:bg-slate-100 md:flex md:rail:justify-center md:rail:px-0 dark:text-slate-400 dark:hover:bg-slate-800"
    >
      <RailIcon expand={rail} />
      <span className="md:rail:sr-only">Collapse sidebar</span>
    </button>
  );
}
