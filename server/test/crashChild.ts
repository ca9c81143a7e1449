/**
 * Child process of the crash tests (crash.test.ts): a real server on the database named by DATA_DIR or
 * DATABASE_URL + CHILD_SCHEMA, sent one request (CHILD_REQUEST, JSON for app.inject). With CRASH_AT set,
 * crashPoint() kills this process with SIGKILL at that moment of the request; otherwise it prints the
 * answer and exits.
 */
import type { InjectOptions } from 'fastify';
import { createAdapters } from '../src/adapters';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { connect } from '../src/db/connect';
import { withSandboxSecrets } from '../src/sandboxSecrets';

async function main() {
  const db = await connect(
    loadConfig(),
    process.env.CHILD_SCHEMA ? { searchPath: process.env.CHILD_SCHEMA } : {},
  );
  const config = await withSandboxSecrets(db, loadConfig());
  const app = await buildApp({ config, db, adapters: createAdapters(config, db) });
  const res = await app.inject(JSON.parse(process.env.CHILD_REQUEST!) as InjectOptions);
  process.stdout.write(`${res.statusCode} ${res.body}\n`);
  await app.close();
  await db.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
