import { describe, expect, it } from 'vitest';
import { text } from './zod';

describe('text()', () => {
  it('keeps emoji and Indonesian text, refuses control characters and unpaired surrogates', () => {
    expect(text(50).parse('  Siti Rahmawati 😀 ')).toBe('Siti Rahmawati 😀');
    const message = (v: string) =>
      text(50)
        .safeParse(v)
        .error?.issues.map((i) => i.message);
    expect(message('a\u0007b')).toEqual(['must not contain control characters']);
    expect(message('Budi \ud800')).toEqual(['must not contain unpaired surrogates']);
    expect(message('\udc00x')).toEqual(['must not contain unpaired surrogates']);
  });
});
