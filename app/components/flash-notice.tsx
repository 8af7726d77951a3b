import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { Flash } from "~/lib/flash";
import { Notice } from "./notice";

/**
 * Shows a ?notice= message once (banner and alert, as the spec's alerts), then drops the code from
 * the URL. The root loader turns the code into its text, so the texts never ship to the browser
 * (the home page's JavaScript budget); pages with a query string are never cached, so it is fresh.
 */
export function FlashNotice({ flash }: { flash: Flash | null }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState(flash);
  const handled = useRef<string | null>(null);
  const message = flash?.message ?? null;
  const tone = flash?.tone ?? "success";

  useEffect(() => {
    if (!message || handled.current === location.key) return;
    handled.current = location.key;
    setShown({ message, tone });
    window.alert(message);
    const params = new URLSearchParams(location.search);
    params.delete("notice");
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : "" }, { replace: true, preventScrollReset: true });
  }, [message, tone, location.key, location.pathname, location.search, navigate]);

  return <Notice message={shown?.message ?? null} tone={shown?.tone} onDismiss={() => setShown(null)} />;
}
