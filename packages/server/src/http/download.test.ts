import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { contentDisposition, sanitizeFileName, sendDownload } from './download';

describe('sanitizeFileName', () => {
  it('keeps only the last path segment and removes characters unsafe in a header or a file system', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\x\\slip.pdf')).toBe('slip.pdf');
    expect(sanitizeFileName('a"b\r\nSet-Cookie: x=1.pdf')).toBe('a_b__Set-Cookie_ x=1.pdf');
    expect(sanitizeFileName('what?<>|*.txt')).toBe('what_____.txt');
    expect(sanitizeFileName('...hidden')).toBe('hidden');
    expect(sanitizeFileName('..')).toBe('download');
    expect(sanitizeFileName('')).toBe('download');
  });

  it('keeps Unicode names and the extension when it shortens a long name', () => {
    expect(sanitizeFileName('Slip Gaji — Désember 2026.pdf')).toBe('Slip Gaji — Désember 2026.pdf');
    const long = sanitizeFileName(`${'x'.repeat(300)}.xlsx`);
    expect([...long]).toHaveLength(150);
    expect(long.endsWith('.xlsx')).toBe(true);
  });
});

describe('contentDisposition', () => {
  it('is an attachment with an ASCII fallback and the UTF-8 name (RFC 6266)', () => {
    expect(contentDisposition('Slip Gaji (Désember).pdf')).toBe(
      `attachment; filename="Slip Gaji (D_sember).pdf"; filename*=UTF-8''Slip%20Gaji%20%28D%C3%A9sember%29.pdf`,
    );
    expect(contentDisposition('100% "done".csv')).toBe(
      `attachment; filename="100_ _done_.csv"; filename*=UTF-8''100%25%20_done_.csv`,
    );
  });
});

describe('sendDownload', () => {
  const app = Fastify();
  app.get('/file/:kind', (req, reply) => {
    const kind = (req.params as { kind: string }).kind;
    if (kind === 'html') {
      return sendDownload(reply, { fileName: 'evil.html', contentType: 'text/html', body: '<script>alert(1)</script>' });
    }
    if (kind === 'svg') return sendDownload(reply, { fileName: 'x.svg', contentType: 'image/svg+xml', body: '<svg/>' });
    if (kind === 'stream') {
      return sendDownload(reply, {
        fileName: 'export.csv',
        contentType: 'text/csv; charset=utf-8',
        body: Readable.from(['a,b\n', '1,2\n']),
      });
    }
    return sendDownload(reply, {
      fileName: '../payslip 2026.pdf',
      contentType: 'application/pdf',
      body: Buffer.from('%PDF-1.7'),
    });
  });

  it('sends an attachment with nosniff and the sanitised name', async () => {
    const res = await app.inject({ url: '/file/pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="payslip 2026.pdf"; filename*=UTF-8''payslip%202026.pdf`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.body).toBe('%PDF-1.7');
  });

  it('never serves a type that would run in our origin', async () => {
    for (const kind of ['html', 'svg']) {
      const res = await app.inject({ url: `/file/${kind}` });
      expect(res.headers['content-type'], kind).toBe('application/octet-stream');
      expect(res.headers['content-disposition'], kind).toMatch(/^attachment;/);
    }
  });

  it('streams a body', async () => {
    const res = await app.inject({ url: '/file/stream' });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body).toBe('a,b\n1,2\n');
  });
});
