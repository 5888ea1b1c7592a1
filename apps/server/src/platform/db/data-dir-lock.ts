import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(lockFile: string, pid: number) {
    super(
      `Another Atelier process (pid ${pid}) is using the embedded database at ${path.dirname(lockFile)}. ` +
        'Stop it, or point DATA_DIR elsewhere, or use DATABASE_URL for a shared PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite happily opens a folder that another process has open, and both then corrupt it.
 * A lock file holding the owner's pid guards the folder; a lock left by a dead process is taken over.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, '.atelier.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10);
      if (Number.isFinite(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(lockFile, owner);
      }
      fs.rmSync(lockFile, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
