import { afterEach, beforeEach, vi } from 'vitest';

/**
 * The files the screen under test saves (lib/save-file.ts clicks a link with `download`), by name.
 * Captured at the link rather than by mocking the module: the web project shares one module graph
 * between test files (isolate: false), so a module mock of one file can answer another's.
 */
export function capturedDownloadsEachTest(): { fileName: string }[] {
  const saved: { fileName: string }[] = [];
  beforeEach(() => {
    saved.length = 0;
    // jsdom has no object URLs.
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: () => 'blob:test', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (this.download) saved.push({ fileName: this.download });
    });
  });
  afterEach(() => vi.restoreAllMocks());
  return saved;
}
