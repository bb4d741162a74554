import { useEffect, useState } from 'react';

/** The clock, read again every `everyMs`: due and overdue move on with time, offline too, with no change in the replica. */
export function useNow(everyMs = 15_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
