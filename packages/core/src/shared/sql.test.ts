import { describe, expect, it } from 'vitest';
import { likePattern } from './sql';

describe('likePattern()', () => {
  it('matches the text anywhere by default', () => {
    expect(likePattern('Budi')).toBe('%Budi%');
  });

  it('matches %, _ and \\ literally', () => {
    expect(likePattern('50%_off\\x')).toBe('%50\\%\\_off\\\\x%');
  });

  it('matches at the start for a prefix search, escaping the same way', () => {
    expect(likePattern('a_b', 'prefix')).toBe('a\\_b%');
    expect(likePattern('leave.', 'prefix')).toBe('leave.%');
  });

  it('leaves an empty search matching everything', () => {
    expect(likePattern('')).toBe('%%');
  });
});
