import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { labSessionNice, lowerLabSessions } from '../../scripts/bench/lab-scheduling';

function autogroupSchedulingOn(): boolean {
  try {
    return readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() === '1';
  } catch {
    return false;
  }
}

const sessionNice = (child: ChildProcess) =>
  /nice (-?\d+)/.exec(readFileSync(`/proc/${child.pid}/autogroup`, 'utf8'))?.[1];

/** An idle process leading a session of its own, as chrome-launcher starts Chromium. */
const sessionLeader = () =>
  spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
    detached: true,
    stdio: 'ignore',
  });

test("the lab's sessions run at the lowest priority until put back, and the browser's is left alone", () => {
  const lab = sessionLeader();
  const browser = sessionLeader();
  try {
    const scheduling = lowerLabSessions([lab.pid as number]);
    if (!autogroupSchedulingOn()) {
      // Nothing to lower: the bench says so beside its figures.
      expect(scheduling).toMatchObject({ lowered: false });
      expect(scheduling.description).toMatch(/^the lab's processes share the cores/);
      return;
    }
    expect(scheduling.lowered).toBe(true);
    expect(sessionNice(lab)).toBe(String(labSessionNice));
    expect(sessionNice(browser)).toBe('0');
    scheduling.restore();
    expect(sessionNice(lab)).toBe('0');
  } finally {
    lab.kill();
    browser.kill();
  }
});
