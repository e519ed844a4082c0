// The API host under test, in a process of its own so that the load generator does not share its
// event loop. Started by start-api-process.ts; stops when told to or when its parent goes away.
import { startApi, type StartApiOptions } from '../../server/start-api';

async function serve(): Promise<void> {
  const options = JSON.parse(process.env.BENCH_API_OPTIONS ?? '{}') as StartApiOptions;
  const api = await startApi(options);
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= api.close().finally(() => {
      process.disconnect?.();
      process.exit(0);
    }));
  process.on('message', (message) => {
    if (message === 'stop') void stop();
  });
  process.on('disconnect', () => void stop());
  process.send?.({ url: api.url });
}

serve().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
