// A payroll engine worker thread (engine-pool.ts): the engine is TypeScript, so the thread first registers the
// same loader the server runs under (tsx), then loads the worker's code.
import { register } from 'tsx/esm/api';

register();
await import('./engine-worker.ts');
