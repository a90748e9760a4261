/*
 * Reading uploaded CSV files (issue 17: one parser for the punch import and the employee import).
 */

/** One CSV record: the cells (trimmed) and the line of the file it starts on (1-based). */
export interface CsvRecord {
  row: number;
  cells: string[];
}

/**
 * The records of a CSV text, with the line each starts on. Cells are separated by a comma or a semicolon,
 * whichever the first non-blank line (the header) uses more; RFC 4180 quotes (a quoted cell may hold the
 * separator, `""` and line breaks). A leading byte-order mark is dropped; a blank line is a record with
 * one empty cell (the caller decides whether to skip it).
 */
export function csvRecords(text: string): CsvRecord[] {
  const s = text.replace(/^\uFEFF/, '');
  const headerLine = s.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const sep = (headerLine.match(/;/g)?.length ?? 0) > (headerLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const out: CsvRecord[] = [];
  let line = 1;
  let start = 1;
  let cells: string[] = [];
  let cur = '';
  let quoted = false;
  const endRecord = () => {
    cells.push(cur);
    out.push({ row: start, cells: cells.map((c) => c.trim()) });
    cells = [];
    cur = '';
  };
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        cur += ch;
      }
    } else if (ch === '"') quoted = true;
    else if (ch === sep) {
      cells.push(cur);
      cur = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && s[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else cur += ch;
  }
  if (cur !== '' || cells.length) endRecord();
  return out;
}
