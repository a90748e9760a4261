import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_MAP, TRANSPORT_ERRORS } from '../trpc/error-map';

const doc = readFileSync(path.resolve(import.meta.dirname, '../../../../docs/api.md'), 'utf8');

describe('the error-code catalogue in docs/api.md', () => {
  it('lists every REST code with its HTTP status', () => {
    const missing = [...Object.values(ERROR_MAP), ...Object.values(TRANSPORT_ERRORS)]
      .filter((e) => !new RegExp(`\\|\\s*\`${e.rest}\`\\s*\\|\\s*${e.http}\\s*\\|`).test(doc))
      .map((e) => `${e.rest} (${e.http})`);
    expect(missing, `add these to docs/api.md: ${missing.join(', ')}`).toEqual([]);
  });
});
