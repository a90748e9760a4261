import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../shared/errors';

/**
 * The embedded database has one owner process (PGlite is single-process: two writers
 * corrupt it). The owner writes DATA_DIR/owner.lock with its pid; a second process
 * is refused while that pid is alive. A lock left by a dead process is taken over.
 */
export interface DataDirLock {
  release(): void;
}

interface LockInfo {
  pid: number;
  owner: string;
  port?: number;
  since: string;
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export function readDataDirLock(dataDir: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(path.join(dataDir, 'owner.lock'), 'utf8')) as LockInfo;
    return info.pid !== process.pid && isAlive(info.pid) ? info : null;
  } catch {
    return null;
  }
}

export function acquireDataDirLock(dataDir: string, owner: string, port?: number): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'owner.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      const info: LockInfo = { pid: process.pid, owner, since: new Date().toISOString(), ...(port ? { port } : {}) };
      writeSync(fd, JSON.stringify(info));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          const cur = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
          if (cur.pid === process.pid) rmSync(file, { force: true });
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return { release };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = readDataDirLock(dataDir);
      if (holder) {
        throw new AppError(
          'CONFLICT',
          `The embedded database in ${path.resolve(dataDir)} is in use by a running ${holder.owner} (pid ${holder.pid}${
            holder.port ? `, port ${holder.port}` : ''
          }). Stop it first, or set DATABASE_URL to use PostgreSQL.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new AppError('CONFLICT', `Could not lock ${path.resolve(dataDir)}`);
}
