import { inflateSync } from 'node:zlib';

/**
 * The text drawn in a PDF made by pdfkit with the standard fonts, for tests: inflates every
 * content stream and decodes the hex strings of its TJ operators (WinAnsi, one byte per glyph).
 * Each text operator becomes one line; kerning pieces inside one operator are joined.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streamRe = /stream\r?\n/g;
  for (let m = streamRe.exec(raw); m; m = streamRe.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    let body: string;
    try {
      body = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      body = raw.slice(start, end);
    }
    for (const tj of body.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const text = [...(tj[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)]
        .map((h) => Buffer.from(h[1] ?? '', 'hex').toString('latin1'))
        .join('');
      if (text) lines.push(text);
    }
    streamRe.lastIndex = end + 'endstream'.length;
  }
  return lines.join('\n');
}

/** Number of pages in a PDF. */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
}
