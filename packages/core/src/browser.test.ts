import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `@hr/core/browser` is what the web app bundles. Everything it reaches must run in a browser: a Node-only
 * package (a database driver, PDF or spreadsheet writers, `node:` modules) pulled in through a module's index
 * left the whole app blank ("Buffer is not defined") while every unit test passed (issue 17's index files).
 */
const NODE_ONLY = [
  /^node:/,
  /^pg$/,
  /^@electric-sql\/pglite/,
  /^kysely-pglite-dialect$/,
  /^pdfkit$/,
  /^exceljs$/,
  /^nodemailer$/,
  /^yauzl$/,
  /^qrcode$/,
  /^hash-wasm$/,
  /^@faker-js\//,
];

/** Value imports (type-only ones vanish from the bundle) reached from `entry`, file by file. */
function reached(entry: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const todo = [entry];
  while (todo.length > 0) {
    const file = todo.pop() as string;
    if (out.has(file)) continue;
    const text = readFileSync(file, 'utf8');
    const specs: string[] = [];
    for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?'([^']+)'/gm)) {
      if (m[1]) continue;
      specs.push(m[2] as string);
    }
    out.set(file, specs);
    for (const s of specs) {
      if (!s.startsWith('.')) continue;
      const base = path.resolve(path.dirname(file), s);
      const candidates = [`${base}.ts`, path.join(base, 'index.ts'), base];
      const hit = candidates.find((c) => {
        try {
          return readFileSync(c) && c.endsWith('.ts');
        } catch {
          return false;
        }
      });
      if (hit) todo.push(hit);
    }
  }
  return out;
}

describe('@hr/core/browser', () => {
  it('reaches no Node-only package', () => {
    const graph = reached(path.join(import.meta.dirname, 'browser.ts'));
    expect(graph.size).toBeGreaterThan(20);
    const offenders = [...graph].flatMap(([file, specs]) =>
      specs.filter((s) => NODE_ONLY.some((re) => re.test(s))).map((s) => `${path.relative(import.meta.dirname, file)} → ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it('would catch a module index that brings in the database layer', () => {
    // The surface that broke the app: payroll's index re-exports the runs (database, PDF, spreadsheets).
    const graph = reached(path.join(import.meta.dirname, 'payroll/index.ts'));
    const all = [...graph.values()].flat();
    expect(all.some((s) => NODE_ONLY.some((re) => re.test(s)))).toBe(true);
  });
});
