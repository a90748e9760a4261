import { vi } from 'vitest';

/** jsdom has no ResizeObserver; Headless UI's combobox watches its anchor with one. A test stubs it with this. */
export function stubResizeObserver(): void {
  const noop = () => undefined;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe = noop;
      unobserve = noop;
      disconnect = noop;
    },
  );
}
