import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The module boundaries are rules of the lint (biome.json), not of good intentions (issue 17): a
 * cross-module import goes through the other module's `index.ts` (its public surface), a module never
 * imports its own index, other packages import `@hr/core/<module>`, and no import cycle exists. These
 * fixtures show the repository's own configuration failing on each, and passing on the allowed shapes.
 */
const repo = path.resolve(import.meta.dirname, '../../..');
const biome = path.join(repo, 'node_modules/@biomejs/biome/bin/biome');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function lint(files: Record<string, string>): { ok: boolean; out: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  dirs.push(dir);
  const config = JSON.parse(readFileSync(path.join(repo, 'biome.json'), 'utf8')) as Record<string, unknown>;
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  try {
    const out = execFileSync(process.execPath, [biome, 'lint', '--max-diagnostics=50', '.'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { ok: true, out };
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    return { ok: false, out: `${err.stdout ?? ''}${err.stderr ?? ''}` };
  }
}

const module = (name: string, body = `export const ${name}Value = 1;\n`) => ({
  [`packages/core/src/${name}/service.ts`]: body,
  [`packages/core/src/${name}/index.ts`]: `export { ${name}Value } from './service';\n`,
});

describe('module boundaries in the lint', () => {
  it('passes imports through the other module’s index, the shared kernel and a sibling file', () => {
    const r = lint({
      ...module('org'),
      'packages/core/src/shared/sql.ts': 'export const like = 1;\n',
      'packages/core/src/leave/helpers.ts': 'export const h = 1;\n',
      'packages/core/src/leave/service.ts':
        "import { orgValue } from '../org/index';\nimport { like } from '../shared/sql';\nimport { h } from './helpers';\nexport const leave = orgValue + like + h;\n",
      'packages/server/src/app.ts': "import { orgValue } from '@hr/core/org';\nexport const x = orgValue;\n",
    });
    expect(r.out).not.toMatch(/noRestrictedImports|noImportCycles/);
    expect(r.ok).toBe(true);
  });

  it('fails a deep import into another module, from a module file and from a nested one', () => {
    const r = lint({
      ...module('org'),
      'packages/core/src/leave/service.ts': "import { orgValue } from '../org/service';\nexport const leave = orgValue;\n",
      'packages/core/src/payroll/runs/compute.ts':
        "import { orgValue } from '../../org/service';\nexport const run = orgValue;\n",
    });
    expect(r.ok).toBe(false);
    expect(r.out).toContain('packages/core/src/leave/service.ts');
    expect(r.out).toContain('packages/core/src/payroll/runs/compute.ts');
    expect(r.out).toMatch(/noRestrictedImports/);
  });

  it('fails a module importing its own index (the way barrels make cycles)', () => {
    const r = lint({
      ...module('org'),
      'packages/core/src/org/other.ts': "import { orgValue } from './index';\nexport const o = orgValue;\n",
    });
    expect(r.ok).toBe(false);
    expect(r.out).toContain('packages/core/src/org/other.ts');
  });

  it('fails the whole-core barrel and deep paths from the other packages', () => {
    const r = lint({
      'packages/server/src/a.ts': "import { x } from '@hr/core';\nexport const a = x;\n",
      'packages/cli/src/b.ts': "import { y } from '../../core/src/org/service';\nexport const b = y;\n",
    });
    expect(r.ok).toBe(false);
    expect(r.out).toContain('packages/server/src/a.ts');
    expect(r.out).toContain('packages/cli/src/b.ts');
  });

  it('finds no cycle and no deep import in the repository itself', () => {
    // CI's test command does not run the whole lint; this keeps the two boundary rules in it.
    let out = '';
    let ok = true;
    try {
      out = execFileSync(
        process.execPath,
        [
          biome,
          'lint',
          '--only=suspicious/noImportCycles',
          '--only=style/noRestrictedImports',
          '--max-diagnostics=20',
          'packages',
          'tests',
          'bench',
        ],
        { cwd: repo, encoding: 'utf8', stdio: 'pipe' },
      );
    } catch (e) {
      const err = e as { stdout?: string; stderr?: string };
      out = `${err.stdout ?? ''}${err.stderr ?? ''}`;
      ok = false;
    }
    expect(out).not.toMatch(/noImportCycles|noRestrictedImports/);
    expect(ok).toBe(true);
  }, 60_000);

  it('fails an import cycle between two modules', () => {
    const r = lint({
      'packages/core/src/org/service.ts':
        "import { leaveValue } from '../leave/index';\nexport const orgValue = leaveValue + 1;\n",
      'packages/core/src/org/index.ts': "export { orgValue } from './service';\n",
      'packages/core/src/leave/service.ts': "import { orgValue } from '../org/index';\nexport const leaveValue = orgValue + 1;\n",
      'packages/core/src/leave/index.ts': "export { leaveValue } from './service';\n",
    });
    expect(r.ok).toBe(false);
    expect(r.out).toMatch(/noImportCycles/);
  });
});
