import { describe, expect, it } from 'vitest';
import { AppError } from '../shared/errors';
import { assertStrongPassword, passwordWeakness } from './password-strength';

const budi = { email: 'budi.santoso@demo.co.id', names: ['Budi', 'Santoso'] };

describe('password strength (issue 16 item 7)', () => {
  it('refuses the e-mail name and the person name, also reversed or in l33t', async () => {
    expect(await passwordWeakness('budi.santoso99', budi)).toBe('it contains your e-mail name');
    expect(await passwordWeakness('Xq-Budi2026!x', { names: ['Budi', 'Santoso'] })).toBe('it contains your name');
    expect(await passwordWeakness('Kopi-s4ntoso-77', { names: ['Santoso'] })).toBe('it contains your name');
    expect(await passwordWeakness('osotnas-Kopi-77', { names: ['Santoso'] })).toBe('it contains your name');
  });

  it('refuses common and guessable passwords, naming why', async () => {
    expect(await passwordWeakness('Passw0rd!')).toBe('it is, or is close to, a commonly used password');
    expect(await passwordWeakness('11111111a')).toBe('it is, or is close to, a commonly used password');
    expect(await passwordWeakness('abcabcabc')).toMatch(/^repeated character patterns like "abcabcabc" are easy to guess$/);
    expect(await passwordWeakness('admin12345', budi)).toBe('it is, or is close to, a commonly used password');
  });

  it('accepts strong passwords, long ones quickly', async () => {
    expect(await passwordWeakness('Kopi-Tubruk-Pagi-7', budi)).toBeNull();
    expect(await passwordWeakness('correct horse battery', budi)).toBeNull();
    const start = Date.now();
    expect(await passwordWeakness(`Gn7#pLm2-vQ9x${'Zr4!kT8w'.repeat(14)}`, budi)).toBeNull();
    expect(Date.now() - start).toBeLessThan(1500);
  });

  it('is a field-level validation error on the password field', async () => {
    const err = await assertStrongPassword('budi.santoso99', budi, 'newPassword').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('VALIDATION');
    expect((err as AppError).message).toBe('Password is too easy to guess: it contains your e-mail name');
    expect((err as AppError).fields).toEqual([
      { param: 'newPassword', msg: 'is too easy to guess: it contains your e-mail name' },
    ]);
  });
});
