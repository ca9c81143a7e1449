/** A background job started by startPeriodic. */
export interface PeriodicJob {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `task` now and then every intervalSeconds, one run at a time (a tick while a run is in progress is
 * skipped), until stopped. Failures are the task's to log: a rejected run never stops the job.
 */
export function startPeriodic(task: () => Promise<void>, intervalSeconds: number): PeriodicJob {
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = task()
      .catch(() => undefined)
      .finally(() => {
        running = undefined;
      });
  };
  // At once: work left by a restart is taken up right after start-up.
  run();
  const timer = setInterval(run, intervalSeconds * 1000);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
