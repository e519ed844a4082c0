import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataDirLock } from '../../server/db/data-dir-lock';
import { openDatabase } from '../../server/db/database';
import { users } from '../../server/db/schema';
import { temporaryDataDir } from './support/test-database';

jest.setTimeout(60_000);

/** Every entry under dir whose permissions allow more than its owner: "path mode" lines. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (entry: string) => {
    const stats = statSync(entry);
    const mode = stats.mode & 0o777;
    if (mode & 0o077) found.push(`${path.relative(dir, entry) || '.'} ${mode.toString(8)}`);
    if (stats.isDirectory()) {
      for (const name of readdirSync(entry)) visit(path.join(entry, name));
    }
  };
  visit(dir);
  return found;
}

let parent: string;
let umaskBefore: number;
const dataDirs: string[] = [];

beforeEach(() => {
  parent = mkdtempSync(path.join(tmpdir(), 'kerbside-permissions-'));
  // The most permissive umask, as the process that wrote files of mode 0666 had.
  umaskBefore = process.umask(0);
});

afterEach(() => {
  process.umask(umaskBefore);
  rmSync(parent, { recursive: true, force: true });
  for (const dataDir of dataDirs.splice(0)) rmSync(dataDir, { recursive: true, force: true });
});

describe("the embedded database's directory is its owner's alone", () => {
  it('is 0700 with files 0600 once opened and migrated, and again once closed', async () => {
    const dataDir = path.join(parent, 'data');
    const connection = await openDatabase({ dataDir });
    try {
      expect(openToOthers(dataDir)).toEqual([]);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      await connection.db.select().from(users);
    } finally {
      await connection.close();
    }

    expect(openToOthers(dataDir)).toEqual([]);
    expect(statSync(path.join(dataDir, 'PG_VERSION')).mode & 0o777).toBe(0o600);
  });

  it('makes a directory that others could read private when the database opens in it', async () => {
    // A database made before (a copy of this run's migrated one, where a new one would take
    // seconds to make), opened again.
    const dataDir = temporaryDataDir();
    dataDirs.push(dataDir);
    // As a directory written before this fix, or by hand, may be.
    for (const entry of [dataDir, path.join(dataDir, 'PG_VERSION')]) {
      chmodSync(entry, 0o777);
    }

    const again = await openDatabase({ dataDir });
    try {
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      await again.close();
    }
  });

  it('creates the directory 0700 when the lock is taken first', () => {
    const dataDir = path.join(parent, 'locked');
    const lock = DataDirLock.tryAcquire(dataDir, 'cli');
    try {
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    } finally {
      lock?.release();
    }
  });
});
