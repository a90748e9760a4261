import { defineProject } from 'vitest/config';

/**
 * Tests that join packages: the device agent (and its terminal simulators) against the real server.
 * They live here, not in a package, so that no package imports another's internals (issue 17).
 */
export default defineProject({
  test: {
    name: 'integration',
    environment: 'node',
    isolate: false,
    globalSetup: ['../../packages/core/src/db/test-global-setup.ts'],
    testTimeout: 30_000,
  },
});
