import { afterEach, beforeEach, vi } from 'vitest';

export interface CapturedDownload {
  fileName: string;
  contentType: string;
  blob: Blob | null;
}

/**
 * The files the screen under test saves (lib/save-file.ts makes an object URL and clicks a link with
 * `download`), in order. Captured at the browser's edge rather than by mocking the module: the web
 * project shares one module graph between test files (isolate: false), so a module mock of one file
 * may or may not answer another's, depending on which file loaded the module first.
 */
export function capturedDownloadsEachTest(): CapturedDownload[] {
  const saved: CapturedDownload[] = [];
  beforeEach(() => {
    saved.length = 0;
    const blobs = new Map<string, Blob>();
    // jsdom has no object URLs.
    vi.stubGlobal(
      'URL',
      Object.assign(class extends URL {}, {
        createObjectURL: (blob: Blob) => {
          const url = `blob:test/${blobs.size}`;
          blobs.set(url, blob);
          return url;
        },
        revokeObjectURL: () => undefined,
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (!this.download) return;
      const blob = blobs.get(this.getAttribute('href') ?? '') ?? null;
      saved.push({ fileName: this.download, contentType: blob?.type ?? '', blob });
    });
  });
  afterEach(() => vi.restoreAllMocks());
  return saved;
}
