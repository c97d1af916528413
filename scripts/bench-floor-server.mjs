// The floor of a call on this machine (bench-load.mjs, "cost per call"): a
// bare Fastify server with nothing of the product, one route answering a
// small JSON object and one that first makes one SQL round trip
// (`select 1` over node-postgres) to the bench's database. What the product's
// calls cost above these two is the product's own; what they cost is the
// machine's (its system calls above all), and tells a slower machine apart.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
const app = Fastify({ logger: false });
const answer = { ok: true, items: [{ id: 1, title: 'Sommer' }] };

app.get('/ready', async () => ({ ok: true }));
app.get('/api/floor/json', async () => answer);
app.get('/api/floor/sql', async () => {
  await pool.query({ name: 'floor', text: 'select 1 as one' });
  return answer;
});

const close = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', close);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
