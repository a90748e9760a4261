#!/usr/bin/env node
// `hr-agent` without a build step: registers tsx's loader, then runs the TypeScript entry.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
