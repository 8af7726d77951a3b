import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { flashFor } from "~/lib/flash";
import { Notice } from "./notice";

/** Shows a ?notice= message once (banner and alert, as the spec's alerts), then drops the code from the URL. */
export function FlashNotice({ email }: { email?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const flash = flashFor(new URLSearchParams(location.search).get("notice"), { email });
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
