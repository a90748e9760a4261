import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { measured, threadCpuMs } from './thread-cpu';

describe('threadCpuMs', () => {
  it.runIf(process.platform === 'linux')("counts the thread's work and not its waiting", async () => {
    const idle0 = threadCpuMs()!;
    await sleep(250);
    const idle = threadCpuMs()! - idle0;
    const busy0 = threadCpuMs()!;
    const until = performance.now() + 250;
    let x = 0;
    while (performance.now() < until) x += Math.sqrt(x + 1);
    const busy = threadCpuMs()! - busy0;
    expect(x).toBeGreaterThan(0);
    expect(idle).toBeLessThan(100);
    expect(busy).toBeGreaterThanOrEqual(30);
    expect(busy).toBeGreaterThan(idle);
  });

  it.runIf(process.platform === 'linux')('measures a piece of work: its value, its wall time and its CPU time', () => {
    const until = performance.now() + 100;
    const m = measured(() => {
      let n = 0;
      while (performance.now() < until) n++;
      return n;
    });
    expect(m.value).toBeGreaterThan(0);
    expect(m.ms).toBeGreaterThanOrEqual(90);
    expect(m.cpuMs).not.toBeNull();
    expect(m.cpuMs!).toBeLessThanOrEqual(m.ms + 10);
  });
});
