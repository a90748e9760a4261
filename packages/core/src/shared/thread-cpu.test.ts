import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { threadCpuMs } from './thread-cpu';

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
});
