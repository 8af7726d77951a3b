import { createContext, useContext } from "react";

const STYLE_ID = "app-styles";

/** The built stylesheet's text, provided by entry.server.tsx; absent in the browser. */
export const InlineStylesContext = createContext<string | null>(null);

/**
 * The stylesheet inline in <head> (issue 7: no render-blocking request before the first paint).
 * The browser bundle does not carry the CSS: on hydration it reuses the text the server sent.
 */
export function InlineStyles() {
  const fromServer = useContext(InlineStylesContext);
  const css = fromServer ?? (typeof document === "undefined" ? "" : (document.getElementById(STYLE_ID)?.textContent ?? ""));
  return <style id={STYLE_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
