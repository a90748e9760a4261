import { describe, expect, it } from 'vitest';
import { createEmitGate } from './emit-gate';

describe('createEmitGate (date picker, 300 ms)', () => {
  it('lets the first event through and drops those within 300 ms of the last emitted one', () => {
    let now = 1_000;
    const gate = createEmitGate(300, () => now);
    expect(gate.tryEmit()).toBe(true);
    now += 100;
    expect(gate.tryEmit()).toBe(false);
    now += 199; // 299 ms after the emitted one
    expect(gate.tryEmit()).toBe(false);
    now += 1; // 300 ms
    expect(gate.tryEmit()).toBe(true);
    now += 299;
    expect(gate.tryEmit()).toBe(false);
    now += 500;
    expect(gate.tryEmit()).toBe(true);
  });
});
