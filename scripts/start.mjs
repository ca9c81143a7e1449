// `npm start`: build the web app once if it is missing, then run the API server, which also serves it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForNode } from './bundleForNode.mjs';
import { buildStudio } from './buildStudio.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.resolve(root, process.env.WEB_DIR || 'dist');

if (!existsSync(path.join(webDir, 'index.html'))) {
  if (existsSync(path.join(root, 'webpack.config.ts'))) {
    console.log('No web build found: running the production build (about a minute)…');
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) {
      console.error('The web build failed; starting the API server without the web app.');
    }
  } else {
    console.warn('webpack.config.ts not found: skipping the web build; only the API will be served.');
  }
}

// A web build from before the sandbox game studio lacks its bundle, which builds in a fraction of a second.
if (existsSync(path.join(webDir, 'index.html')) && !existsSync(path.join(webDir, 'studio', 'studio.js'))) {
  await buildStudio(path.join(webDir, 'studio'));
}

// The server's TypeScript is bundled by esbuild on every start (a fraction of a second, so it is never
// stale) and run as plain JavaScript: compiling each module at load time, as tsx does, cost over a second.
const serverBundle = path.join(root, 'build/server/main.cjs');
await bundleForNode(path.join(root, 'server/src/main.ts'), serverBundle, {
  packages: 'external',
  sourcemap: true,
});
const server = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});

// Forward stop signals so the server can close connections and the database cleanly.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
