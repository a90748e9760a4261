import { describe, expect, it } from 'vitest';
import { pdfPageCount, pdfText } from '../testing/pdf';
import { renderPdf } from './pdf';

describe('renderPdf', () => {
  it('draws the title, facts, table cells and footer totals', async () => {
    const pdf = await renderPdf({
      title: 'Purchase request PR-0007',
      facts: [
        ['Requester', 'Siti Rahma'],
        ['Status', 'Approved'],
      ],
      tables: [
        {
          title: 'Lines',
          columns: [
            { label: 'Item', width: 3 },
            { label: 'Qty', align: 'right' },
          ],
          rows: [['Kertas A4', '12']],
          footer: ['Total', '12'],
        },
      ],
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const s of ['Purchase request PR-0007', 'Siti Rahma', 'Approved', 'Kertas A4', 'Total', 'Page 1 of 1']) {
      expect(text).toContain(s);
    }
  });

  it('breaks a long table over pages and repeats its header', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [`Row ${i + 1}`, String(i)]);
    const pdf = await renderPdf({ title: 'Long', tables: [{ columns: [{ label: 'Name' }, { label: 'N' }], rows }] });
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(1);
    const text = pdfText(pdf);
    expect(text).toContain('Row 120');
    expect(text.split('\n').filter((l) => l === 'Name').length).toBe(pages);
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });
});
