import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

describe('lockDataDir', () => {
  it('refuses a folder that a live process holds and takes over a stale lock', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-lock-'));
    const lockFile = path.join(dir, '.atelier.lock');
    // pid 1 is always alive: another process holds the folder.
    fs.writeFileSync(lockFile, '1');
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    // A pid that cannot exist: the lock is stale and is taken over.
    fs.writeFileSync(lockFile, '2147483646');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });
});
