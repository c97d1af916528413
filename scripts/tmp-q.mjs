import { execSync } from 'node:child_process';
import { startBenchServer, signIn } from './bench-helpers.mjs';
const server = await startBenchServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/bench_load' });
const { token, init } = await signIn(server.url, 'owner-7@load.test');
const merchant = init.merchantinfo.merchants[0].uuid;
const h = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const list = await (await fetch(`${server.url}/api/campaigns?exact_merchant=${merchant}`, { headers: h })).json();
const created = await (await fetch(`${server.url}/api/campaigns`, { method: 'POST', headers: h, body: JSON.stringify({ merchant, type: 'coupon/percent' }) })).json();
const own = created.campaign.uuid; const id = list.rows[0].uuid;
const types = {
  open: () => fetch(`${server.url}/api/campaigns/${id}`, { headers: h }),
  save: (n) => fetch(`${server.url}/api/campaigns/${own}?validate=content`, { method: 'POST', headers: h, body: JSON.stringify({ title: { de: `Lastprobe ${n}` }, description: { de: `Beschreibung ${n}` } }) }),
  list: () => fetch(`${server.url}/api/campaigns?exact_merchant=${merchant}&page=2`, { headers: h }),
  dashboard: () => fetch(`${server.url}/api/merchants/${merchant}/dashboard`, { headers: h }),
};
const f = types[process.env.ONLY];
for (let i = 0; i < 20; i++) await (await f(i)).text();
execSync(`psql -h 127.0.0.1 -U postgres -d bench_load -Atc "select pg_stat_statements_reset()"`);
for (let i = 0; i < Number(process.env.N ?? 100); i++) { const r = await f(i); if (!r.ok) throw new Error(await r.text()); await r.text(); }
console.log(execSync(`psql -h 127.0.0.1 -U postgres -d bench_load -Atc "select calls, round(total_exec_time::numeric,1), left(regexp_replace(query,'\\s+',' ','g'),140) from pg_stat_statements where query not like '%pg_stat_statements%' order by calls desc"`).toString());
await server.stop();
