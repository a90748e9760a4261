import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'device-agent',
    environment: 'node',
    isolate: false,
    globalSetup: ['../core/src/db/test-global-setup.ts'],
    testTimeout: 30_000,
  },
});
