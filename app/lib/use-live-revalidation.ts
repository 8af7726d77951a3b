import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * Subscribes to a server-sent events stream and reloads the route's data when one of `eventNames`
 * arrives. EventSource reconnects by itself after network errors.
 */
export function useLiveRevalidation(url: string, eventNames: string[]) {
  const { revalidate } = useRevalidator();
  const names = eventNames.join(",");
  useEffect(() => {
    const source = new EventSource(url);
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Bursts of changes collapse into one reload.
    const onEvent = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void revalidate(), 100);
    };
    for (const name of names.split(",")) source.addEventListener(name, onEvent);
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [url, names, revalidate]);
}
