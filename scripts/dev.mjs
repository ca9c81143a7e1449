// `npm run dev`: the API server (restarting on change) and the webpack dev server together.
// The dev server proxies /api to the API; stopping either (or Ctrl+C) stops both.
import { spawn } from 'node:child_process';

const processes = [
  ['api', 'npx', ['tsx', 'watch', 'server/src/main.ts']],
  ['web', 'npx', ['webpack', 'serve', '--mode', 'development']],
].map(([name, command, args]) => {
  // Own process group, so stopping it also stops what npx started.
  const child = spawn(command, args, { stdio: 'inherit', detached: true });
  child.on('exit', (code) => {
    console.log(`[dev] ${name} exited with ${code ?? 'a signal'}`);
    shutdown(code ?? 1);
  });
  return child;
});

let stopping = false;
function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const child of processes) {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  }
  process.exit(code);
}

process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
