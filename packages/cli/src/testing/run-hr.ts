import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

// Runs the real `hr` as a child process, exactly as `pnpm hr …` does (test helper).

const root = path.resolve(import.meta.dirname, '../../../..');
export interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function hr(args: string[], env: Record<string, string | undefined>): Promise<Result> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: undefined, ...env };
  for (const k of Object.keys(childEnv)) if (childEnv[k] === undefined) delete childEnv[k];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/cli/src/main.ts', ...args], {
      cwd: root,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const temps: string[] = [];
export const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'hr-cli-test-'));
  temps.push(d);
  return d;
};
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});
