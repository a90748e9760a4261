import { argon2Verify } from 'hash-wasm';
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordAnswers, verifyPassword, wasmPasswords } from './passwords';

describe('password hashing off the event loop (issue 22)', () => {
  it('hashes and verifies with the native argon2id, with hashes any argon2id implementation accepts', async () => {
    const before = passwordAnswers();
    const [a, b] = await Promise.all([hashPassword('pagi-jam-delapan-1'), hashPassword('pagi-jam-delapan-2')]);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
    // Another implementation checks the hash: the format is argon2id's own.
    expect(await argon2Verify({ password: 'pagi-jam-delapan-1', hash: a })).toBe(true);
    expect(await verifyPassword('pagi-jam-delapan-1', a)).toBe(true);
    expect(await verifyPassword('pagi-jam-delapan-2', a)).toBe(false);
    expect(await verifyPassword('anything', null)).toBe(false);
    expect(await verifyPassword('anything', 'not a hash')).toBe(false);
    // Linux x64 has the native build: none of it ran on the event loop or fell back.
    expect(passwordAnswers().native - before.native).toBe(6);
    expect(passwordAnswers().workers).toBe(before.workers);
  });

  it('the WebAssembly fallback on worker threads gives and takes the same hashes', async () => {
    const before = passwordAnswers().workers;
    const wasm = await wasmPasswords.hash('sore-jam-lima');
    expect(wasm).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // Hashes made before the native build (every password stored so far) still sign in, and the other way round.
    expect(await verifyPassword('sore-jam-lima', wasm)).toBe(true);
    expect(await wasmPasswords.verify('sore-jam-lima', await hashPassword('sore-jam-lima'))).toBe(true);
    expect(await wasmPasswords.verify('salah', wasm)).toBe(false);
    expect(passwordAnswers().workers - before).toBe(3);
  });
});
