import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../access/index';
import { OVERTIME_SOURCE } from './formulas/overtime-rules';

/*
 * Nothing internal reaches users (issue 19 item 7): the payslip trace, the overtime form and the permission
 * descriptions cite the regulation (PP 35/2021 ps. 31, PMK 168/2023…), never our own notes ("payroll-id.md §2",
 * "(issue 5 default)", "spec §6"). This reads every string literal of the non-test files under payroll/ (where
 * the trace texts are written) and fails on one that names an internal document.
 */

const INTERNAL = /payroll-id\.md|\bissue \d+\b|\bspec §|\.md §/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** The string literals of a file ('…', "…", `…`), comments left out. */
function literals(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return [...code.matchAll(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g)].map((m) => m[0]);
}

describe('texts shown to users cite regulations, not internal notes', () => {
  it('payroll traces and overtime rules name no internal document', () => {
    const root = path.dirname(new URL(import.meta.url).pathname);
    const found = sourceFiles(root).flatMap((f) =>
      literals(readFileSync(f, 'utf8'))
        .filter((s) => INTERNAL.test(s))
        .map((s) => `${path.relative(root, f)}: ${s}`),
    );
    expect(found).toEqual([]);
    expect(OVERTIME_SOURCE).toMatch(/^PP 35\/2021 Pasal 31/);
    expect(OVERTIME_SOURCE).not.toMatch(INTERNAL);
  });

  it('permission descriptions name no internal document', () => {
    const texts = Object.values(PERMISSIONS as Record<string, unknown>).map((v) => JSON.stringify(v));
    expect(texts.filter((s) => INTERNAL.test(s))).toEqual([]);
  });
});
