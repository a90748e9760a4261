import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { BATCH_THREAD_NICE } from '../../shared/thread-cpu';
import { EnginePool } from './engine-pool';

describe('payroll engine threads', () => {
  it.runIf(process.platform === 'linux')(
    'run at batch priority while the thread that serves requests keeps its own',
    async () => {
      const before = getPriority();
      const pool = new EnginePool(1);
      try {
        const [nice] = await pool.priorities();
        expect(nice).toBe(Math.max(before, BATCH_THREAD_NICE));
        expect(getPriority()).toBe(before);
      } finally {
        await pool.close();
      }
    },
  );
});
