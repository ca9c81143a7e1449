import { useEffect, useState } from 'react';

/** Whole seconds left until the deadline, ticking each second and stopping at 0. */
export function useCountdown(deadline: string): number {
  const end = new Date(deadline).getTime();
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (tick >= end) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [end]);
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** 754 → '12:34'. */
export function formatMmSs(seconds: number): string {
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
