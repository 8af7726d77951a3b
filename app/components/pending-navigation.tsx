import { matchPath, useNavigation } from "react-router";
import { LoadingBar } from "./loading-bar";

// SPEC §2 loading texts for pages whose data the visitor is waiting for.
const PENDING_LABELS: { pattern: string; label: string }[] = [
  { pattern: "/careers", label: "Loading job openings..." },
  { pattern: "/careers/:id", label: "Loading..." },
  { pattern: "/apply/:id", label: "Loading..." },
];

/** Shows the destination's loading text while a client-side navigation waits for its data. */
export function PendingNavigation() {
  const navigation = useNavigation();
  if (navigation.state !== "loading" || navigation.formMethod) return null;
  const target = navigation.location.pathname;
  const match = PENDING_LABELS.find((p) => matchPath(p.pattern, target));
  if (!match) return null;
  return (
    <div className="container-page fixed inset-x-0 top-16 z-40">
      <div className="rounded-b-lg bg-white/95 px-4 py-1 shadow dark:bg-slate-900/95">
        <LoadingBar label={match.label} />
      </div>
    </div>
  );
}
