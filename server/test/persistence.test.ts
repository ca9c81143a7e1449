import { migrate, migrationFiles } from '../src/db/migrate';
import { TEST_PASSWORD, createTestApp, jsonHeaders, registerAndLogin } from './helpers';

test('players and sessions survive a restart on the same database', async () => {
  const first = await createTestApp({ keep: true });
  const { username, cookie } = await registerAndLogin(first.app);
  await first.close();

  const second = await createTestApp({ reuse: first.database });
  try {
    // The session cookie from before the restart still works…
    const info = await second.app.inject({ method: 'GET', url: '/api/v2/players/info', headers: { cookie } });
    expect(info.statusCode).toBe(200);
    // …and the player can log in again.
    const login = await second.app.inject({
      method: 'POST',
      url: '/api/v2/players/login',
      headers: jsonHeaders(),
      payload: { username, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    // Migrations and seed ran again on start: nothing new to apply, still one agency.
    expect(await migrate(second.ctx.db)).toEqual([]);
    const applied = await second.ctx.db.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY name',
    );
    expect(applied.rows.map((r) => r.name)).toEqual(migrationFiles());
    const agencies = await second.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM agencies');
    expect(agencies.rows[0]!.n).toBe(1);
  } finally {
    await second.close();
  }
});
