import { describe, expect, it } from 'vitest';
import { pageTotal } from './page';

describe('pageTotal: a list total without counting when the page tells it (issue 22)', () => {
  const never = async () => {
    throw new Error('counted although the page told the total');
  };
  it('a first page that is not full, empty included, is the whole list', async () => {
    expect(await pageTotal(7, { page: 1, pageSize: 25 }, never)).toBe(7);
    expect(await pageTotal(0, { page: 1, pageSize: 25 }, never)).toBe(0);
  });
  it('a last page that is not full ends the list', async () => {
    expect(await pageTotal(3, { page: 4, pageSize: 25 }, never)).toBe(78);
  });
  it('a full page, or an empty page past the first, asks for the count', async () => {
    expect(await pageTotal(25, { page: 1, pageSize: 25 }, async () => 1234)).toBe(1234);
    expect(await pageTotal(0, { page: 9, pageSize: 25 }, async () => 40)).toBe(40);
  });
});
