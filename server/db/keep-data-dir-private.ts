import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Makes dataDir (created when missing) and everything under it its owner's alone: folders 0700,
 * files 0600. The embedded database holds residents' e-mails and password hashes, and PGlite's
 * file system writes with the process umask (0666 files under a umask of 0), so the modes are
 * set again after PGlite has written (server/db/database.ts). Symbolic links are left alone.
 */
export function keepDataDirPrivate(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const visit = (entry: string) => {
    const stats = lstatSync(entry, { throwIfNoEntry: false });
    // Gone meanwhile (a lock the holder dropped), or a link whose target is not ours to change.
    if (!stats || stats.isSymbolicLink()) return;
    if (stats.isDirectory()) {
      if ((stats.mode & 0o777) !== 0o700) chmodSync(entry, 0o700);
      for (const name of readdirSync(entry)) visit(path.join(entry, name));
    } else if ((stats.mode & 0o777 & ~0o600) !== 0) {
      chmodSync(entry, stats.mode & 0o600);
    }
  };
  visit(dataDir);
}
