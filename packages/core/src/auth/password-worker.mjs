// A worker thread of the password pool (passwords.ts): argon2id in WebAssembly runs synchronously
// on the thread that calls it (~0.1 s per sign-in), so it runs here instead of on the server's
// event loop, where every other request would wait behind it (issue 22, the 08:00 rush).
// Plain JavaScript so that it starts without a TypeScript loader (server, CLI, tests alike).
import { parentPort } from 'node:worker_threads';
import { argon2id, argon2Verify } from 'hash-wasm';

parentPort.on('message', async (task) => {
  try {
    const result =
      task.op === 'hash'
        ? await argon2id({ ...task.params, password: task.password, salt: task.salt, outputType: 'encoded' })
        : await argon2Verify({ password: task.password, hash: task.hash });
    parentPort.postMessage({ id: task.id, result });
  } catch (err) {
    parentPort.postMessage({ id: task.id, error: err instanceof Error ? err.message : String(err) });
  }
});
