import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'cli',
    environment: 'node',
    isolate: false,
    globalSetup: ['../core/src/db/test-global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
