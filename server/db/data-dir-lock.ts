import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/** Who holds an embedded database directory: PGlite admits one process at a time. */
export interface LockHolder {
  pid: number;
  role: 'api' | 'cli';
  /** Set by a running API host once it listens: where its loopback admin endpoint is. */
  port?: number;
  host?: string;
  /** Shared secret the admin endpoint requires; the holder file is readable by its owner only. */
  adminSecret?: string;
}

/** Details of the holder, for the admin CLI; written only while the lock is held. */
const holderFileName = 'kerbside.lock';
/** proper-lockfile's lock: a directory that mkdir creates atomically, kept fresh by its holder. */
const lockDirectoryName = 'kerbside.lock.d';
// A holder renews its lock every stale/2 ms; one that stops (killed) loses it after this long.
const staleMs = 10_000;

function lockOptions(dataDir: string) {
  return { lockfilePath: path.join(dataDir, lockDirectoryName), stale: staleMs, realpath: false };
}

function holderPath(dataDir: string): string {
  return path.join(dataDir, holderFileName);
}

function readHolder(dataDir: string): LockHolder | null {
  try {
    return JSON.parse(readFileSync(holderPath(dataDir), 'utf8')) as LockHolder;
  } catch {
    return null;
  }
}

function writeHolder(dataDir: string, holder: LockHolder): void {
  writeFileSync(holderPath(dataDir), JSON.stringify(holder), { mode: 0o600 });
}

/**
 * The lock on DATA_DIR of the process that has the PGlite database open: proper-lockfile's
 * atomic lock directory, renewed while the process lives, beside a file naming the holder.
 */
export class DataDirLock {
  private constructor(
    private readonly dataDir: string,
    private holder: LockHolder,
    private readonly unlock: () => void,
  ) {}

  /** The holder of dataDir, or null when the directory is free (or its holder is still
   *  writing its details). */
  static liveHolder(dataDir: string): LockHolder | null {
    try {
      if (!lockfile.checkSync(dataDir, lockOptions(dataDir))) return null;
    } catch {
      return null;
    }
    return readHolder(dataDir);
  }

  /** Takes the lock at once, or returns null when another live process holds it. */
  static tryAcquire(dataDir: string, role: LockHolder['role']): DataDirLock | null {
    // The database's folder: its owner's alone (server/db/keep-data-dir-private.ts).
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    let unlock: () => void;
    try {
      unlock = lockfile.lockSync(dataDir, lockOptions(dataDir));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ELOCKED') return null;
      throw error;
    }
    const holder: LockHolder = { pid: process.pid, role };
    writeHolder(dataDir, holder);
    return new DataDirLock(dataDir, holder, unlock);
  }

  /** Records where the API host listens, for the admin CLI. */
  publish(details: Pick<LockHolder, 'port' | 'host' | 'adminSecret'>): void {
    this.holder = { ...this.holder, ...details };
    writeHolder(this.dataDir, this.holder);
  }

  release(): void {
    rmSync(holderPath(this.dataDir), { force: true });
    try {
      this.unlock();
    } catch {
      // Already released.
    }
  }
}
