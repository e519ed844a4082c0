import { rmSync } from 'node:fs';
import { startApiProcess, type ApiProcess } from './support/api-process';
import { temporaryDataDir } from './support/test-database';

jest.setTimeout(90_000);

describe('one process per PGlite data directory', () => {
  it('of two hosts started together on one directory, exactly one runs and the other says why', async () => {
    const dataDir = temporaryDataDir();
    const hosts: ApiProcess[] = [1, 2].map(() =>
      startApiProcess({ DATA_DIR: dataDir, API_PORT: '0', RECONCILER: 'off' }),
    );
    try {
      const outcomes = await Promise.all(
        hosts.map((host) =>
          Promise.race([
            host.listening.then(() => 'runs' as const),
            host.exited.then((exit) => exit),
          ]),
        ),
      );

      const running = outcomes.filter((outcome) => outcome === 'runs');
      const refused = outcomes.filter((outcome) => outcome !== 'runs');
      expect(running).toHaveLength(1);
      expect(refused).toEqual([
        {
          code: 1,
          output: expect.stringMatching(
            /is in use by process (\d+ \(api\)|\? \(unknown\))\. PGlite admits one process at a time: stop it, or use another DATA_DIR\./,
          ),
        },
      ]);
    } finally {
      await Promise.all(hosts.map((host) => host.stop()));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
