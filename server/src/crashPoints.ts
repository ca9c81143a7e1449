/**
 * Crash test hook. With CRASH_AT=<name> in the environment the process kills itself with SIGKILL when it
 * reaches crashPoint(<name>), as an operator's `kill -9` would at that exact moment: the crash tests
 * (server/test/crash.test.ts) stop a server at each commit boundary of each money operation this way.
 * Points are named `<operationId>:before-commit` (the effect is written, the transaction still open) and
 * `<operationId>:after-commit` (committed, the response not yet sent). Unset, it does nothing.
 */
export function crashPoint(name: string): void {
  if (process.env.CRASH_AT !== name) return;
  process.kill(process.pid, 'SIGKILL');
  // The signal is delivered at once; block until it is, so not one more statement of this request runs.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10_000);
}
