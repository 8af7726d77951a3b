import { href, type ShouldRevalidateFunctionArgs } from "react-router";
import type { NavIconName } from "./nav-icons";
import { brandFromMatches } from "./use-brand";

// SPEC §2 "Dashboard panels" and §8: texts are exact.
export const PROFILE_LOADING = "Loading your profile...";
export const PROJECTS_LOADING = "Loading your projects...";
export const SUPPORT_LOADING = "Loading your support requests...";
export const PROJECTS_EMPTY = "No projects yet";
export const COMPLAINTS_EMPTY = "No complaints raised yet";
export const PROFILE_SAVE_FAILURE = "Failed to save profile. Try again.";
export const PROJECT_CREATE_FAILURE = "Failed to create project. Try again.";
// Creating projects left to staff (console Settings); what the portal says instead of the form.
export const CLIENT_PROJECTS_OFF = "New projects are set up by our team. Raise a support request to ask for one.";
export const COMPLAINT_SUBMIT_FAILURE = "Failed to submit request. Try again.";
export const REPLY_FAILURE = "Failed to send reply.";

/** The sidebar's tabs; the tab lives in the path, so a reload keeps it. */
export const PORTAL_TABS = [
  { to: href("/user-dashboard"), label: "Profile", icon: "profile", loading: PROFILE_LOADING },
  { to: href("/user-dashboard/projects"), label: "My Projects", icon: "projects", loading: PROJECTS_LOADING },
  { to: href("/user-dashboard/support"), label: "Support", icon: "support", loading: SUPPORT_LOADING },
  // The company's people (not in SPEC's panels, which predate companies).
  { to: href("/user-dashboard/team"), label: "Team", icon: "team", loading: null },
  // Proposals sent to the company (decision 0093), to read and sign.
  { to: href("/user-dashboard/proposals"), label: "Proposals", icon: "leads", loading: null },
  // Only for members who may use Billing (decision 0086): the layout drops it for the others.
  { to: href("/user-dashboard/billing"), label: "Billing", icon: "billing", loading: null },
  { to: href("/user-dashboard/settings"), label: "Settings", icon: "settings", loading: null },
] as const satisfies readonly { to: string; label: string; icon: NavIconName; loading: string | null }[];

/**
 * Opening or closing a dialog or edit mode only changes the query string: the data is unchanged,
 * so skip the reload. Actions and live revalidations (same URL) still reload.
 */
export function skipReloadOnQueryChange({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const plainNavigation = !formMethod || formMethod.toUpperCase() === "GET";
  if (plainNavigation && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

/** As `skipReloadOnQueryChange`, but a change to one of `params` (a list's page) reloads. */
export function reloadOnQueryChangeOf(params: string[]) {
  return (args: ShouldRevalidateFunctionArgs) => {
    const { currentUrl, nextUrl } = args;
    if (params.some((name) => currentUrl.searchParams.get(name) !== nextUrl.searchParams.get(name))) return true;
    return skipReloadOnQueryChange(args);
  };
}

/** Title and robots tags of a portal panel: personal pages stay out of search engines. */
export function portalMeta(title: string, matches: Parameters<typeof brandFromMatches>[0]) {
  return [{ title: `${title} | Client Portal | ${brandFromMatches(matches).shortName}` }, { name: "robots", content: "noindex" }];
}
