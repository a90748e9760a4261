import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useUrlParams } from './use-url-state';

afterEach(cleanup);

let firstWrite: ((changes: Record<string, string | null>) => void) | null = null;

/** A page whose first render's writer is kept, as a handler the router has not re-rendered yet would hold it. */
function Page() {
  const { write } = useUrlParams();
  firstWrite ??= write;
  return <p data-testid="url">{useLocation().search}</p>;
}

describe('useUrlParams', () => {
  it('keeps a filter typed just before another one is chosen, while the router has not shown the first yet', async () => {
    firstWrite = null;
    render(
      <MemoryRouter initialEntries={['/logs?level=info']}>
        <Page />
      </MemoryRouter>,
    );
    const write = firstWrite!;
    // Typing the action, then choosing the source: both handlers were bound before the first write was shown.
    // Two events, two tasks apart (as a person, or Playwright, types and then picks).
    await act(async () => write({ action: 'hotspot.create', page: null }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await act(async () => write({ source: 'audit', page: null }));
    const url = new URLSearchParams(screen.getByTestId('url').textContent ?? '');
    expect(Object.fromEntries(url)).toEqual({ level: 'info', action: 'hotspot.create', source: 'audit' });
  });
});
