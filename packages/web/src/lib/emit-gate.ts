/**
 * Lets an event through only if at least `minIntervalMs` passed since the last one that was let
 * through. The date picker emits its change event this way (spec §2, §9: 300 ms).
 */
export interface EmitGate {
  /** True (and the time is recorded) when the event may be emitted now. */
  tryEmit(): boolean;
}

export const DATE_PICKER_EMIT_MS = 300;

export function createEmitGate(minIntervalMs: number, now: () => number = Date.now): EmitGate {
  let last = Number.NEGATIVE_INFINITY;
  return {
    tryEmit() {
      const t = now();
      if (t - last < minIntervalMs) return false;
      last = t;
      return true;
    },
  };
}
