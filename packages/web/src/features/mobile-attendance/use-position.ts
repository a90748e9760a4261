import { useCallback, useEffect, useState } from 'react';

export interface Position {
  latitude: number;
  longitude: number;
  /** Metres (68 % confidence), as the browser reports it. */
  accuracyM: number;
  at: number;
}

export type PositionState =
  | { kind: 'locating'; last: Position | null }
  | { kind: 'ok'; position: Position }
  | { kind: 'denied' }
  /** The browser offers no location at all (an old browser, or a page not served over HTTPS). */
  | { kind: 'unsupported' }
  | { kind: 'failed'; message: string };

/** The phone's position (high accuracy), refreshed on demand and every 30 s while the page is open. */
export function usePosition() {
  const [state, setState] = useState<PositionState>({ kind: 'locating', last: null });
  const locate = useCallback(() => {
    if (!navigator.geolocation) {
      setState({ kind: 'unsupported' });
      return;
    }
    setState((s) => ({ kind: 'locating', last: s.kind === 'ok' ? s.position : s.kind === 'locating' ? s.last : null }));
    navigator.geolocation.getCurrentPosition(
      (p) =>
        setState({
          kind: 'ok',
          position: { latitude: p.coords.latitude, longitude: p.coords.longitude, accuracyM: p.coords.accuracy, at: p.timestamp },
        }),
      (err) => setState(err.code === err.PERMISSION_DENIED ? { kind: 'denied' } : { kind: 'failed', message: err.message }),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  }, []);
  useEffect(() => {
    locate();
    const timer = setInterval(locate, 30_000);
    return () => clearInterval(timer);
  }, [locate]);
  return { state, locate };
}
