import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'device-agent', environment: 'node', testTimeout: 30_000 },
});
