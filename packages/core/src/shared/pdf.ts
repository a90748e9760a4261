import PDFDocument from 'pdfkit';

/**
 * One place that draws the app's printable documents (requests, orders, statements, payslips,
 * attendance reports) with pdfkit: a title, a block of labelled facts, then tables that break
 * across pages with their header repeated. Only the standard PDF fonts are used, so nothing is
 * read from the network or the system.
 */
export interface PdfColumn {
  label: string;
  /** Relative width (default 1). */
  width?: number;
  align?: 'left' | 'right' | 'center';
}

export interface PdfTable {
  title?: string;
  columns: PdfColumn[];
  rows: string[][];
  /** A last row drawn in bold (totals). */
  footer?: string[];
}

export interface PdfDocumentSpec {
  title: string;
  subtitle?: string;
  /** Label/value pairs under the title, two per line. */
  facts?: [label: string, value: string][];
  tables?: PdfTable[];
  /** Free text paragraphs after the tables (notes, signatures). */
  notes?: string[];
  /** Shown at the bottom of every page next to the page number. */
  footerText?: string;
  /** A4 landscape for wide tables. */
  landscape?: boolean;
}

const MARGIN = 40;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

/** Renders the document and resolves with the PDF bytes. */
export function renderPdf(spec: PdfDocumentSpec): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: spec.landscape ? 'landscape' : 'portrait',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: spec.title, Creator: 'HR system' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - MARGIN * 2;
  doc.font(BOLD).fontSize(16).text(spec.title, { width });
  if (spec.subtitle) doc.font(FONT).fontSize(10).fillColor('#444').text(spec.subtitle, { width });
  doc.fillColor('black').moveDown(0.6);

  if (spec.facts?.length) {
    const half = width / 2;
    doc.fontSize(9);
    for (let i = 0; i < spec.facts.length; i += 2) {
      const y = doc.y;
      let bottom = y;
      for (const [k, fact] of spec.facts.slice(i, i + 2).entries()) {
        const x = MARGIN + k * half;
        doc.font(BOLD).text(`${fact[0]}: `, x, y, { width: half - 10, continued: true });
        doc.font(FONT).text(fact[1] || '-');
        bottom = Math.max(bottom, doc.y);
      }
      doc.x = MARGIN;
      doc.y = bottom + 2;
    }
    doc.moveDown(0.6);
  }

  for (const table of spec.tables ?? []) drawTable(doc, table, width);

  for (const note of spec.notes ?? []) {
    doc.x = MARGIN;
    doc.font(FONT).fontSize(9).text(note, { width });
    doc.moveDown(0.4);
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would make pdfkit start a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 10;
    const text = `${spec.footerText ? `${spec.footerText} · ` : ''}Page ${i + 1} of ${range.count}`;
    doc.font(FONT).fontSize(7).fillColor('#666').text(text, MARGIN, y, { width, align: 'right', lineBreak: false });
    doc.fillColor('black');
  }
  doc.end();
  return done;
}

function drawTable(doc: PDFKit.PDFDocument, table: PdfTable, width: number) {
  const total = table.columns.reduce((s, c) => s + (c.width ?? 1), 0);
  const widths = table.columns.map((c) => ((c.width ?? 1) / total) * width);
  const pad = 3;
  const bottomLimit = () => doc.page.height - MARGIN - 20;

  doc.x = MARGIN;
  if (table.title) {
    if (doc.y + 40 > bottomLimit()) doc.addPage();
    doc.font(BOLD).fontSize(11).text(table.title, MARGIN, doc.y, { width });
    doc.moveDown(0.3);
  }

  const rowHeight = (cells: string[], font: string) => {
    doc.font(font).fontSize(8);
    return Math.max(...cells.map((c, i) => doc.heightOfString(c || '-', { width: (widths[i] ?? 0) - pad * 2 }))) + pad * 2;
  };
  const drawRow = (cells: string[], font: string, fill?: string) => {
    const h = rowHeight(cells, font);
    if (doc.y + h > bottomLimit()) {
      doc.addPage();
      if (font !== BOLD || fill === undefined) drawRow(header, BOLD, '#eeeeee');
    }
    const y = doc.y;
    if (fill) doc.rect(MARGIN, y, width, h).fill(fill).fillColor('black');
    let x = MARGIN;
    doc.font(font).fontSize(8);
    cells.forEach((c, i) => {
      const w = widths[i] ?? 0;
      doc.text(c || '-', x + pad, y + pad, { width: w - pad * 2, align: table.columns[i]?.align ?? 'left' });
      x += w;
    });
    doc
      .moveTo(MARGIN, y + h)
      .lineTo(MARGIN + width, y + h)
      .lineWidth(0.5)
      .strokeColor('#bbbbbb')
      .stroke();
    doc.x = MARGIN;
    doc.y = y + h;
  };

  const header = table.columns.map((c) => c.label);
  drawRow(header, BOLD, '#eeeeee');
  if (table.rows.length === 0) drawRow(['No data', ...header.slice(1).map(() => '')], FONT);
  for (const row of table.rows) drawRow(row, FONT);
  if (table.footer) drawRow(table.footer, BOLD);
  doc.moveDown(0.8);
}
