import { createContext, useContext } from "react";
import { DEFAULT_PLACE, type Place } from "./place";

/**
 * The agency's place with the viewer's zone in it, provided by the root route (root.tsx) from its
 * loader, so the server and the browser format alike. A React context rather than the root
 * loader's data, so components render outside a router too (tests, mails' previews) with the
 * defaults. Apart from the formatters (use-place.ts), which the root does not need on every page.
 */
export const PlaceContext = createContext<Place>(DEFAULT_PLACE);

export function usePlace(): Place {
  return useContext(PlaceContext);
}
