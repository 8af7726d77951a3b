import { useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";

/**
 * Subscribes to a server-sent events stream and reloads the route's data when one of `eventNames`
 * arrives. EventSource reconnects by itself after network errors.
 *
 * `since`: a loader's `liveFrom` (`liveSince()` read before its data). The stream then
 * replays what changed between that render and its connection, which would otherwise be lost
 * (a cached page served just before a change, a slow first connection).
 */
export function useLiveRevalidation(url: string, eventNames: string[], since?: number) {
  const { revalidate } = useRevalidator();
  const navigation = useNavigation();
  const names = eventNames.join(",");
  // Only the first render's time matters; later loads must not reopen the stream.
  const renderedAt = useRef(since);
  // A revalidation started while a form's post is loading its fresh data would restart that load
  // without the action's result, and the form's own message ("Saved.") would never show. Events
  // arriving then wait for the navigation to settle and reload once.
  const busy = useRef(false);
  const owed = useRef(false);
  busy.current = navigation.state !== "idle";
  useEffect(() => {
    if (navigation.state === "idle" && owed.current) {
      owed.current = false;
      void revalidate();
    }
  }, [navigation.state, revalidate]);
  useEffect(() => {
    const from = renderedAt.current;
    const source = new EventSource(from === undefined ? url : `${url}${url.includes("?") ? "&" : "?"}since=${from}`);
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Bursts of changes collapse into one reload.
    const onEvent = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (busy.current) owed.current = true;
        else void revalidate();
      }, 100);
    };
    for (const name of names.split(",")) source.addEventListener(name, onEvent);
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [url, names, revalidate]);
}
