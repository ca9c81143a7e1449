import { connect, preparedByDefault } from '../src/db/connect';
import { migrate } from '../src/db/migrate';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('tx commits on return and rolls back on throw', async () => {
  const db = t.ctx.db;
  await db.query('CREATE TABLE tx_probe (n int)');
  await db.tx(async (q) => {
    await q.query('INSERT INTO tx_probe VALUES ($1)', [1]);
  });
  await expect(
    db.tx(async (q) => {
      await q.query('INSERT INTO tx_probe VALUES ($1)', [2]);
      throw new Error('abort');
    }),
  ).rejects.toThrow('abort');
  const rows = await db.query<{ n: number }>('SELECT n FROM tx_probe ORDER BY n');
  expect(rows.rows).toEqual([{ n: 1 }]);
});

test('concurrent queries and transactions do not interleave wrongly', async () => {
  const db = t.ctx.db;
  await db.query('CREATE TABLE counter_probe (id int PRIMARY KEY, n int NOT NULL)');
  await db.query('INSERT INTO counter_probe VALUES (1, 0)');
  await Promise.all(
    Array.from({ length: 20 }, () =>
      db.tx(async (q) => {
        const cur = await q.query<{ n: number }>('SELECT n FROM counter_probe WHERE id = 1 FOR UPDATE');
        await q.query('UPDATE counter_probe SET n = $1 WHERE id = 1', [cur.rows[0]!.n + 1]);
      }),
    ),
  );
  const res = await db.query<{ n: number }>('SELECT n FROM counter_probe WHERE id = 1');
  expect(res.rows[0]!.n).toBe(20);
});

test('bigint, timestamptz and uuid columns come back usable', async () => {
  const res = await t.ctx.db.query<{ big: string; at: Date; id: string }>(
    `SELECT 9007199254740993::bigint AS big, now() AS at, gen_random_uuid() AS id`,
  );
  const row = res.rows[0]!;
  // bigint beyond 2^53 must not be rounded: both drivers give it as a string or a bigint.
  expect(String(row.big)).toBe('9007199254740993');
  expect(new Date(row.at).getTime()).toBeGreaterThan(0);
  expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
});

const onPostgres = process.env.DATABASE_URL ? test : test.skip;

onPostgres('a serialization failure retries the whole transaction', async () => {
  let attempts = 0;
  const result = await t.ctx.db.tx(async () => {
    attempts += 1;
    if (attempts < 3) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    return 'done';
  });
  expect(result).toBe('done');
  expect(attempts).toBe(3);
});

onPostgres('two instances migrating at once both succeed and apply each migration once', async () => {
  const schema = `t_${Date.now().toString(16)}`;
  const admin = await connect(t.ctx.config);
  await admin.query(`CREATE SCHEMA ${schema}`);
  const one = await connect(t.ctx.config, { searchPath: schema });
  const two = await connect(t.ctx.config, { searchPath: schema });
  try {
    const [a, b] = await Promise.all([migrate(one), migrate(two)]);
    expect([...a, ...b].sort()).toEqual(
      (await one.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).rows.map(
        (r) => r.name,
      ),
    );
  } finally {
    await one.close();
    await two.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  }
});

const onPglite = process.env.DATABASE_URL ? test.skip : test;

onPglite('PGlite: using db instead of q inside a transaction fails at once instead of hanging', async () => {
  const db = t.ctx.db;
  await expect(db.tx(() => db.query('SELECT 1'))).rejects.toThrow(/inside db.tx/);
  // The database is still usable afterwards.
  expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
});

test('statements with parameters and named columns are prepared; `*`, several statements and none are not', () => {
  expect(preparedByDefault('SELECT id, username FROM players WHERE id = $1', ['x'])).toBe(true);
  expect(preparedByDefault('SELECT count(*)::int AS n FROM orders WHERE player_id = $1', ['x'])).toBe(true);
  expect(preparedByDefault('SELECT * FROM players WHERE id = $1', ['x'])).toBe(false);
  expect(preparedByDefault('SELECT p.* FROM players p WHERE id = $1', ['x'])).toBe(false);
  expect(preparedByDefault('SELECT 1; SELECT 2', [])).toBe(false);
  expect(preparedByDefault('SELECT id FROM banks ORDER BY sort', [])).toBe(false);
  expect(preparedByDefault('SELECT id FROM banks ORDER BY sort', undefined)).toBe(false);
});

test('a prepared statement answers again after a failed run on the same connection, and in a transaction', async () => {
  const db = t.ctx.db;
  await db.query('CREATE TABLE prepared_probe (id int PRIMARY KEY, n int NOT NULL)');
  const insert = 'INSERT INTO prepared_probe (id, n) VALUES ($1, $2)';
  await db.query(insert, [1, 10]);
  // The same text refused (a duplicate key), then run again: the statement is still there.
  await expect(db.query(insert, [1, 11])).rejects.toThrow();
  await db.query(insert, [2, 20]);
  await expect(
    db.tx(async (q) => {
      await q.query(insert, [3, 30]);
      await q.query(insert, [3, 31]);
    }),
  ).rejects.toThrow();
  await db.tx((q) => q.query(insert, [4, 40]));
  const read = 'SELECT id, n FROM prepared_probe WHERE id >= $1 ORDER BY id';
  for (let i = 0; i < 7; i++) expect((await db.query(read, [0])).rows.map((r) => r.id)).toEqual([1, 2, 4]);
});

test("a date column reads back as the day written, whatever the server's time zone", async () => {
  const zone = process.env.TZ;
  // Vientiane is UTC+7: read as a Date at local midnight, the day would print as the day before.
  process.env.TZ = 'Asia/Vientiane';
  try {
    const r = await t.ctx.db.query<{ d: unknown }>(`SELECT $1::date AS d`, ['2026-11-29']);
    expect(r.rows[0]!.d).toBe('2026-11-29');
  } finally {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  }
});
