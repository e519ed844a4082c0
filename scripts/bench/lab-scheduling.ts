// Linux shares the cores between sessions before it looks at any process's nice value (its
// autogroup scheduler, on when /proc/sys/kernel/sched_autogroup_enabled reads 1): under load each
// session gets an equal share, however many threads it runs. chrome-launcher starts Chromium in a
// session of its own, and scripts/stack/auth-emulator.ts the Auth emulator in another. So while a
// page loaded, the bench's own session (Lighthouse, the static server, the API host it forks) and
// the emulator's could hold a core between them, and the page's main thread waited for the rest of
// Chromium's turn (docs/decisions/027-the-lab-yields-the-cores-to-the-browser.md). A phone runs
// only the browser; its servers are elsewhere.
import { readFileSync, writeFileSync } from 'node:fs';

const autogroupSwitch = '/proc/sys/kernel/sched_autogroup_enabled';
/** The lowest priority a session can be given. */
export const labSessionNice = 19;

export interface LabScheduling {
  /** Whether the sessions of `pids` now run at `labSessionNice`. */
  lowered: boolean;
  /** What was done, or why nothing was, for the bench's output. */
  description: string;
  /** Puts each session's nice value back as it was. */
  restore(): void;
}

function readAutogroup(pid: number): { group: string; nice: number } | undefined {
  try {
    const match = /^(\S+) nice (-?\d+)/.exec(readFileSync(`/proc/${pid}/autogroup`, 'utf8'));
    return match ? { group: match[1] as string, nice: Number(match[2]) } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Gives the sessions of `pids` (the lab's servers and Lighthouse) the lowest priority, so that a
 * browser in a session of its own gets the cores first. Raising a nice value needs no privilege.
 * Where Linux's autogroups are off or absent, nothing is changed and the description says so.
 */
export function lowerLabSessions(pids: readonly number[]): LabScheduling {
  let enabled = false;
  try {
    enabled = readFileSync(autogroupSwitch, 'utf8').trim() === '1';
  } catch {
    // Not Linux, or a kernel without autogroups.
  }
  const unchanged = (why: string): LabScheduling => ({
    lowered: false,
    description: `the lab's processes share the cores with the browser (${why})`,
    restore: () => {},
  });
  if (!enabled) return unchanged('no autogroup scheduling on this machine');
  const previous = new Map<string, { pid: number; nice: number }>();
  for (const pid of pids) {
    const autogroup = readAutogroup(pid);
    if (autogroup && !previous.has(autogroup.group))
      previous.set(autogroup.group, { pid, nice: autogroup.nice });
  }
  if (previous.size === 0) return unchanged('no session of the lab could be read');
  const restore = () => {
    for (const { pid, nice } of previous.values()) {
      try {
        writeFileSync(`/proc/${pid}/autogroup`, String(nice));
      } catch {
        // The process has ended, and its session's priority with it.
      }
    }
  };
  try {
    for (const { pid } of previous.values())
      writeFileSync(`/proc/${pid}/autogroup`, String(labSessionNice));
  } catch (error) {
    restore();
    return unchanged((error as Error).message);
  }
  return {
    lowered: true,
    description: `the lab's ${previous.size} sessions (Lighthouse, servers, Auth emulator) at autogroup nice ${labSessionNice}, the browser's at 0`,
    restore,
  };
}
