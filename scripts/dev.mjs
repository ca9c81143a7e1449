// `npm run dev`: the API server (restarting on change), the webpack dev server and the sandbox game studio's
// bundle (rebuilt on change into dist/studio, which the API serves) together. The dev server proxies /api
// and the studio's addresses to the API; stopping one (or Ctrl+C) stops all.
import { execFileSync, spawn } from 'node:child_process';

// antd's extracted styles, which src/ui/AntdProvider.tsx imports (see scripts/extractAntdStyles.mjs).
execFileSync('node', ['scripts/extractAntdStyles.mjs'], { stdio: 'inherit' });

const processes = [
  ['api', 'npx', ['tsx', 'watch', 'server/src/main.ts']],
  ['web', 'npx', ['webpack', 'serve', '--mode', 'development']],
  ['studio', 'node', ['scripts/buildStudio.mjs', '--watch']],
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
