// `npm test`: every check and test of the project, in the order that fails fastest.
// The server suite runs on the embedded database, and again on PostgreSQL when DATABASE_URL is set (CI sets it).
import { spawnSync } from 'node:child_process';

const steps = [
  ['contract lint', 'npx', ['redocly', 'lint', 'openapi.yaml', '--format=summary']],
  ['generated code is current', 'node', ['scripts/check-generated.mjs']],
  ['type check', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['unit and server tests (embedded database)', 'npx', ['jest', '--ci'], { DATABASE_URL: '' }],
];
if (process.env.DATABASE_URL) {
  steps.push(['server tests (PostgreSQL)', 'npx', ['jest', '--ci', '--selectProjects', 'server']]);
}
steps.push(
  ['production build', 'npm', ['run', '--silent', 'build']],
  // Against `npm start`, so after the build: PGlite, then PostgreSQL when DATABASE_URL is set.
  ['seamless wallet certification', 'npm', ['run', '--silent', 'test:wallet']],
  ['end-to-end in Chromium', 'npx', ['playwright', 'test'], { DATABASE_URL: '' }],
);

const started = Date.now();
for (const [name, command, args, env] of steps) {
  const t0 = Date.now();
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - t0) / 1000).toFixed(0);
  if (result.status !== 0) {
    console.error(`\n=== FAILED: ${name} (${seconds} s)`);
    if (command === 'npx' && args[0] === 'playwright') {
      console.error(`Traces and screenshots of the failed journeys: ${process.cwd()}/test-results/e2e`);
      console.error(`HTML report: ${process.cwd()}/test-results/e2e-report/index.html`);
    }
    process.exit(result.status ?? 1);
  }
  console.log(`=== ok: ${name} (${seconds} s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
