import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { parsePunchFile } from '../attendance/import';
import { readEmployeeImportFile } from '../employees/import';
import { xlsxBomb, zipOf } from '../testing/zip';
import { AppError } from './errors';
import { assertZipWithinLimits, ZIP_LIMITS, zipTooLargeMessage, zipTooManyEntriesMessage } from './zip-limits';

const MIB = 1024 * 1024;

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

describe('assertZipWithinLimits (issue 16 item 9)', () => {
  it('lets an honest workbook through; ExcelJS then reads the cell', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Sheet').addRow(['Given name', 'Budi']);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    await expect(assertZipWithinLimits(bytes, 'file')).resolves.toBeUndefined();
    const small = xlsxBomb(1000);
    await assertZipWithinLimits(small, 'file');
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(small as unknown as ArrayBuffer);
    expect(String(read.worksheets[0]?.getCell('A1').value)).toHaveLength(1000);
  });

  it('refuses a bomb above 32 MiB on the named field, from its central directory', async () => {
    const bomb = xlsxBomb(40 * MIB);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const e = await refusal(assertZipWithinLimits(bomb, 'contentBase64'));
    expect(e.code).toBe('VALIDATION');
    expect(e.message).toBe(zipTooLargeMessage());
    expect(e.message).toBe(
      'The file unpacks to more than 32 MiB (the limit for an uploaded workbook); split it into smaller files',
    );
    expect(e.fields).toEqual([{ param: 'contentBase64', msg: expect.stringMatching(/^the file unpacks to more than 32 MiB/) }]);
  });

  it('refuses an entry that inflates past the size its header declares (a lying header)', async () => {
    const liar = xlsxBomb(2 * MIB, { declaredSize: 100 });
    const e = await refusal(assertZipWithinLimits(liar, 'file', { maxInflatedBytes: MIB, maxEntries: 10 }));
    expect(e.message).toBe(zipTooLargeMessage({ maxInflatedBytes: MIB, maxEntries: 10 }));
    expect(e.fields[0]?.param).toBe('file');
  });

  it('refuses a container with too many parts, and bytes that are not a zip', async () => {
    const many = zipOf(Array.from({ length: 12 }, (_, i) => ({ name: `p${i}.xml`, data: Buffer.from('<x/>') })));
    const e = await refusal(assertZipWithinLimits(many, 'file', { maxInflatedBytes: MIB, maxEntries: 10 }));
    expect(e.message).toBe(zipTooManyEntriesMessage({ maxInflatedBytes: MIB, maxEntries: 10 }));
    const junk = await refusal(assertZipWithinLimits(Buffer.from('name,email\nBudi,b@x.id\n'), 'file'));
    expect(junk.fields).toEqual([{ param: 'file', msg: 'the file is not a readable XLSX workbook' }]);
    expect(ZIP_LIMITS).toEqual({ maxInflatedBytes: 32 * MIB, maxEntries: 1000 });
  });
});

describe('the readers of uploaded workbooks refuse a bomb before parsing it', () => {
  const bomb = xlsxBomb(40 * MIB);
  const tooLarge = 'The file unpacks to more than 32 MiB (the limit for an uploaded workbook); split it into smaller files';

  it('employee import (the service reads the file with this): GL0001 on file', async () => {
    const e = await refusal(readEmployeeImportFile(bomb, 'staff.xlsx'));
    expect(e.message).toBe(tooLarge);
    expect(e.fields.map((f) => f.param)).toEqual(['file']);
  });

  it('punch import (XLSX terminal export): GL0001 on file', async () => {
    const e = await refusal(parsePunchFile(bomb, 'punches.xlsx'));
    expect(e.message).toBe(tooLarge);
    expect(e.fields.map((f) => f.param)).toEqual(['file']);
  });
});
