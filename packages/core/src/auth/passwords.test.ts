import { argon2Verify } from 'hash-wasm';
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordWorkerAnswers, verifyPassword } from './passwords';

describe('password hashing off the event loop (issue 22)', () => {
  it('hashes and verifies on worker threads, with hashes any argon2id implementation accepts', async () => {
    const before = passwordWorkerAnswers();
    const [a, b] = await Promise.all([hashPassword('pagi-jam-delapan-1'), hashPassword('pagi-jam-delapan-2')]);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    // The worker's hash checks out in this thread too: the format did not change.
    expect(await argon2Verify({ password: 'pagi-jam-delapan-1', hash: a })).toBe(true);
    expect(await verifyPassword('pagi-jam-delapan-1', a)).toBe(true);
    expect(await verifyPassword('pagi-jam-delapan-2', a)).toBe(false);
    expect(await verifyPassword('anything', null)).toBe(false);
    expect(await verifyPassword('anything', 'not a hash')).toBe(false);
    expect(passwordWorkerAnswers() - before).toBe(6);
  });
});
