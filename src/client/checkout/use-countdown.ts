// Ticks every second (docs/product.md#constants) and says once when the time to pay has run out.
import { useEffect, useRef, useState } from 'react';
import { remainingMs, TICK_MS } from './countdown';

export function useCountdown(expirationTime: string | undefined, onExpired: () => void): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  const expired = useRef(onExpired);
  useEffect(() => {
    expired.current = onExpired;
  }, [onExpired]);
  useEffect(() => {
    if (!expirationTime) return;
    let fired = false;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      if (!fired && remainingMs(expirationTime, at) <= 0) {
        fired = true;
        expired.current();
      }
    };
    tick();
    const timer = setInterval(tick, TICK_MS);
    return () => clearInterval(timer);
  }, [expirationTime]);
  return expirationTime ? remainingMs(expirationTime, now) : undefined;
}
