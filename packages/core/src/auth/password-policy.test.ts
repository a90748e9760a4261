import { describe, expect, it } from 'vitest';
import { isCommonPassword, passwordProblem } from './password-policy';
import { changePasswordInput, newPassword } from './schema';

const messages = (v: string) => newPassword.safeParse(v).error?.issues.map((i) => i.message) ?? [];

describe('password policy', () => {
  it('refuses the most common passwords, whatever their case', () => {
    for (const p of ['password', 'Password1', '12345678', 'QWERTYUIOP', 'iloveyou', 'bismillah', 'admin12345']) {
      expect(isCommonPassword(p), p).toBe(true);
      expect(messages(p), p).toEqual(['is one of the most common passwords; choose one that is harder to guess']);
    }
  });

  it('refuses one character repeated, of any kind', () => {
    for (const p of ['aaaaaaaa', '000000000', '        ', 'ééééééééé', '😀😀😀😀😀😀😀😀']) {
      expect(messages(p), p).toEqual(['must not be one character repeated']);
    }
  });

  it('gives exactly one message per field: length first', () => {
    expect(messages('aaa')).toEqual(['must be at least 8 characters']);
    expect(messages('x'.repeat(129))).toEqual(['must be at most 128 characters']);
  });

  it('accepts passwords that are long enough and not predictable', () => {
    for (const p of ['correct horse 1', 'dewi-new-password', 'Tr0ub4dor&3', 'passwordpassword2x', 'aaaaaaab']) {
      expect(passwordProblem(p), p).toBeNull();
      expect(messages(p), p).toEqual([]);
    }
  });

  it('applies to the new password of a password change, naming the field', () => {
    const r = changePasswordInput.safeParse({ oldPassword: 'whatever it was', newPassword: 'Password123' });
    expect(r.error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))).toEqual([
      { path: 'newPassword', message: 'is one of the most common passwords; choose one that is harder to guess' },
    ]);
  });
});
