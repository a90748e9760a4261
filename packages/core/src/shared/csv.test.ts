import { describe, expect, it } from 'vitest';
import { csvRecords } from './csv';

describe('csvRecords', () => {
  it('takes the separator the header uses more, and keeps quoted separators, quotes and line breaks', () => {
    expect(csvRecords('\uFEFFname;note\n"Siti; Rahma";"said ""hi""\nthen left"\r\nBudi;\n')).toEqual([
      { row: 1, cells: ['name', 'note'] },
      { row: 2, cells: ['Siti; Rahma', 'said "hi"\nthen left'] },
      { row: 4, cells: ['Budi', ''] },
    ]);
  });

  it('looks for the header past leading blank lines, and reports a blank line as one empty cell', () => {
    expect(csvRecords('\n a ; b ; c,d \n\n1;2;3')).toEqual([
      { row: 1, cells: [''] },
      { row: 2, cells: ['a', 'b', 'c,d'] },
      { row: 3, cells: [''] },
      { row: 4, cells: ['1', '2', '3'] },
    ]);
  });
});
