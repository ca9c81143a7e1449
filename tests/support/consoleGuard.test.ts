import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** The guard as a test run meets it: a Jest of its own runs a fixture file under it. */
test('a test that writes an unexpected console error or warning fails; one that expects and asserts it passes', () => {
  const root = path.resolve(__dirname, '..', '..');
  const config = {
    rootDir: root,
    roots: ['<rootDir>/tests/support/fixtures'],
    testMatch: ['**/*.fixture.ts'],
    testEnvironment: 'node',
    setupFilesAfterEnv: ['<rootDir>/tests/support/installConsoleGuard.ts'],
    transform: { '^.+\\.ts$': '@swc/jest' },
  };
  const run = spawnSync(
    process.execPath,
    [require.resolve('jest/bin/jest'), '--config', JSON.stringify(config), '--json', '--ci'],
    { cwd: root, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } },
  );
  const report = JSON.parse(run.stdout) as {
    testResults: { assertionResults: { title: string; status: string; failureMessages: string[] }[] }[];
  };
  const results = Object.fromEntries(report.testResults[0]!.assertionResults.map((r) => [r.title, r]));
  expect(run.status).toBe(1);
  expect(results['logs an error nobody expected']!.status).toBe('failed');
  expect(results['logs an error nobody expected']!.failureMessages.join()).toContain(
    'console.error: the payment callback could not be read',
  );
  expect(results['logs a warning nobody expected, after the test body']!.status).toBe('failed');
  expect(results['expects the error it logs and asserts it']!.status).toBe('passed');
  expect(results['writes nothing']!.status).toBe('passed');
});
