type Cleanup = () => Promise<void> | void;

/**
 * What the benchmark has started and must stop, newest first, whether it ends normally, fails or
 * is interrupted. A step that stops its own resource removes it again.
 */
export class CleanupStack {
  private readonly cleanups: Cleanup[] = [];

  /** Registers a cleanup; the returned function unregisters it. */
  push(cleanup: Cleanup): () => void {
    this.cleanups.push(cleanup);
    return () => {
      const index = this.cleanups.lastIndexOf(cleanup);
      if (index >= 0) this.cleanups.splice(index, 1);
    };
  }

  /** Runs every registered cleanup, newest first, reporting failures without stopping. */
  async runAll(): Promise<void> {
    for (const cleanup of this.cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error('Cleaning up failed:', error);
      }
    }
  }
}
