// The reference point of the API bench: a bare Fastify route doing one indexed PostgreSQL read.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

app.get('/bare', async () => {
  const { rows } = await pool.query('SELECT id, username, display_name FROM players WHERE username = $1', [
    'bench_api',
  ]);
  return { player: rows[0] ?? null };
});

app.listen({ port: Number(process.env.PORT ?? 4311), host: '127.0.0.1' }).catch((error) => {
  console.error(error);
  process.exit(1);
});
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
