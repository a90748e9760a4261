import { createHash } from 'node:crypto';
import { create } from 'xmlbuilder2';
import type { XmlRow } from './rules';
import type { TaxReportKind } from './schema';

/*
 * The e-Bupot bulk files Coretax imports (PER-11/PJ/2025; shapes of DJP's Excel-to-XML converters, checked by the
 * XSDs shipped in ./xsd): `<Bulk><TIN>withholder NPWP</TIN><ListOf…><row/>…</ListOf…></Bulk>`.
 */
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

/** Root, list and row element names of each file. */
export const XML_SHAPE: Record<TaxReportKind, { root: string; list: string; row: string }> = {
  bpmp: { root: 'MmPayrollBulk', list: 'ListOfMmPayroll', row: 'MmPayroll' },
  bp21: { root: 'Bp21Bulk', list: 'ListOfBp21', row: 'Bp21' },
  bpa1: { root: 'A1Bulk', list: 'ListOfA1', row: 'A1' },
};

/** The XML document of a file: UTF-8, the withholder's NPWP as TIN, one element per row in the XSD's order. */
export function buildXml(kind: TaxReportKind, withholderNpwp: string, rows: readonly XmlRow[]): string {
  const shape = XML_SHAPE[kind];
  const root = create({ version: '1.0', encoding: 'UTF-8', standalone: true }).ele(shape.root, { 'xmlns:xsi': XSI });
  root.ele('TIN').txt(withholderNpwp);
  const list = root.ele(shape.list);
  for (const row of rows) {
    const el = list.ele(shape.row);
    for (const [name, value] of row) {
      if (value === null) el.ele(name, { 'xsi:nil': 'true' });
      else el.ele(name).txt(value);
    }
  }
  return root.end({ prettyPrint: true });
}

/**
 * The fingerprint of an exported row: SHA-256 of its elements and values. The same slip with the same figures
 * and the same employee tax data gives the same fingerprint; any correction changes it.
 */
export function fingerprint(row: XmlRow): string {
  return createHash('sha256').update(JSON.stringify(row)).digest('hex');
}
