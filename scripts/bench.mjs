#!/usr/bin/env node
// `pnpm bench NAME [args…]` runs bench/NAME.ts (or bench/NAME/index.ts) under tsx and passes its
// output through; each benchmark prints one JSON object of figures as its last line.
// `pnpm bench` with no name runs every benchmark in bench/, one after another.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const benchDir = path.join(root, 'bench');

function entryOf(name) {
  for (const p of [path.join(benchDir, `${name}.ts`), path.join(benchDir, name, 'index.ts')]) if (existsSync(p)) return p;
  return null;
}

function available() {
  return readdirSync(benchDir, { withFileTypes: true })
    .filter((d) => d.name !== 'node_modules' && !d.name.startsWith('.'))
    .map((d) =>
      d.isFile() && d.name.endsWith('.ts') && !d.name.endsWith('.d.ts') ? d.name.slice(0, -3) : d.isDirectory() ? d.name : null,
    )
    .filter((n) => n && entryOf(n))
    .sort();
}

function run(name, args) {
  const entry = entryOf(name);
  if (!entry) {
    console.error(
      `No benchmark "${name}" (looked for bench/${name}.ts and bench/${name}/index.ts). Available: ${available().join(', ') || 'none'}`,
    );
    return 2;
  }
  // cwd = repository root: `--import tsx` resolves tsx from there (reference/stack.md P2).
  const r = spawnSync(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  });
  if (r.error) {
    console.error(r.error.message);
    return 1;
  }
  return r.status ?? 1;
}

const [name, ...args] = process.argv.slice(2);
if (name) {
  process.exit(run(name, args));
} else {
  let status = 0;
  for (const n of available()) status = run(n, []) || status;
  process.exit(status);
}
