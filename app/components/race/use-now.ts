import { useEffect, useState } from "react";

/**
 * The current time for countdowns: the server's instant during the server render and hydration
 * (so both render the same text), then the browser's clock, refreshed every `everyMs`.
 */
export function useNow(serverNow: string, everyMs: number): Date {
  const [now, setNow] = useState(() => new Date(serverNow));
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
