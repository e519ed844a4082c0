import { mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Who holds an embedded database directory: PGlite admits one process at a time. */
export interface LockHolder {
  pid: number;
  role: 'api' | 'cli';
  /** Set by a running API host once it listens: where its loopback admin endpoint is. */
  port?: number;
  host?: string;
  /** Shared secret the admin endpoint requires; the lock file is readable by its owner only. */
  adminSecret?: string;
}

const lockFileName = 'kerbside.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockPath(dataDir: string): string {
  return path.join(dataDir, lockFileName);
}

function readHolder(dataDir: string): LockHolder | null {
  try {
    return JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as LockHolder;
  } catch {
    return null;
  }
}

/**
 * A lock file in DATA_DIR naming the process that has the PGlite database open. A holder whose
 * process has died is stale and is replaced.
 */
export class DataDirLock {
  private constructor(
    private readonly dataDir: string,
    private holder: LockHolder,
  ) {}

  /** The live holder of dataDir, or null when the directory is free. */
  static liveHolder(dataDir: string): LockHolder | null {
    const holder = readHolder(dataDir);
    return holder && isAlive(holder.pid) ? holder : null;
  }

  /** Takes the lock at once, or returns null when a live process holds it. */
  static tryAcquire(dataDir: string, role: LockHolder['role']): DataDirLock | null {
    mkdirSync(dataDir, { recursive: true });
    const holder: LockHolder = { pid: process.pid, role };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        writeFileSync(lockPath(dataDir), JSON.stringify(holder), { flag: 'wx', mode: 0o600 });
        return new DataDirLock(dataDir, holder);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        if (DataDirLock.liveHolder(dataDir)) return null;
        rmSync(lockPath(dataDir), { force: true });
      }
    }
    return null;
  }

  /** Records where the API host listens, for the admin CLI. */
  publish(details: Pick<LockHolder, 'port' | 'host' | 'adminSecret'>): void {
    this.holder = { ...this.holder, ...details };
    writeFileSync(lockPath(this.dataDir), JSON.stringify(this.holder), { mode: 0o600 });
  }

  release(): void {
    if (readHolder(this.dataDir)?.pid !== this.holder.pid) return;
    try {
      unlinkSync(lockPath(this.dataDir));
    } catch {
      // Already gone.
    }
  }
}
