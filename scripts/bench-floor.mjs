// The floor of a call on this machine, for the cost per call of the load
// bench (bench-load.mjs): what a bare Fastify server costs, with and without
// one SQL round trip.
import { fileURLToPath } from 'node:url';
import { cpuTimeOf, startBenchServer } from './bench-helpers.mjs';
import { call } from './bench-load-calls.mjs';

/**
 * The floor of a call on this machine: what a bare Fastify server
 * (bench-floor-server.mjs) costs per JSON answer, and per answer after one
 * SQL round trip, measured as the product's calls are. Beside the targets it
 * tells the machine's share of a call from the product's.
 */
export async function floorCost(env, { calls, warmup }) {
  const server = await startBenchServer({
    ...env,
    BENCH_SERVER_ENTRY: fileURLToPath(new URL('bench-floor-server.mjs', import.meta.url)),
  });
  try {
    const figures = [];
    for (const route of ['json', 'sql']) {
      const callsInARow = async (count) => {
        for (let n = 0; n < count; n += 1)
          await call(server.url, 'none', 'GET', `/floor/${route}`, undefined, { read: false });
      };
      await callsInARow(warmup);
      const cpuBefore = await cpuTimeOf(server.pid);
      await callsInARow(calls);
      figures.push(((await cpuTimeOf(server.pid)) - cpuBefore) / calls);
    }
    console.log(
      `  floor      bare Fastify: server CPU ${figures[0].toFixed(2)} ms per JSON answer, ${figures[1].toFixed(2)} ms with one SQL round trip (this machine's share of every call)`,
    );
  } finally {
    await server.stop();
  }
}
