import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Files measured as the slowest (CI, 2 cores), slowest first. They start first so that the short files
 * fill the other workers around them; the default order runs the projects one after another
 * (alphabetically), which left the router harness (2 minutes) running alone at the end.
 */
const SLOW_FIRST = [
  'server/src/harness/harness.db.test.ts',
  'server/src/jobs/jobs.db.test.ts',
  'cli/src/cli.db.test.ts',
  'cli/src/calc.test.ts',
  'cli/src/import-punches.db.test.ts',
  'cli/src/payroll.db.test.ts',
  'cli/src/backup.test.ts',
  'core/src/db/backup.db.test.ts',
  'cli/src/cli.test.ts',
  'cli/src/backup.db.test.ts',
  'device-agent/src/agent/chaos.test.ts',
  'tests/integration/agent/real-server.db.test.ts',
  'core/src/seed/demo.db.test.ts',
  'core/src/auth/limits.db.test.ts',
];

class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.findIndex((p) => f.moduleId.endsWith(p));
      return i === -1 ? SLOW_FIRST.length : i;
    };
    // Array.prototype.sort is stable: the rest keep the default order.
    return base.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: a single worker on CI's 2-core machine, where
    // every file then waits for the one before it. One worker per core (three overloaded the machine:
    // the CLI tests spawn processes of their own and hit their timeouts).
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
    projects: ['packages/core', 'packages/server', 'packages/cli', 'packages/device-agent', 'packages/web', 'tests/integration'],
  },
});
