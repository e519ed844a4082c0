/**
 * The child side of fork-host-process.ts: starts the host from BENCH_HOST_OPTIONS, tells the
 * parent its URL, and closes it when told to or when the parent goes away.
 */
export function serveUntilStopped<Options>(
  start: (options: Options) => Promise<{ url: string; close(): Promise<void> }>,
): void {
  const serve = async () => {
    const options = JSON.parse(process.env.BENCH_HOST_OPTIONS ?? '{}') as Options;
    const host = await start(options);
    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= host.close().finally(() => {
        process.disconnect?.();
        process.exit(0);
      }));
    process.on('message', (message) => {
      if (message === 'stop') void stop();
    });
    process.on('disconnect', () => void stop());
    process.send?.({ url: host.url });
  };
  serve().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
