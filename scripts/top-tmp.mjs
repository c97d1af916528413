import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
const [file, winFile, type, mode] = process.argv.slice(2);
const p = JSON.parse(readFileSync(file, 'utf8'));
const w = readFileSync(winFile, 'utf8').split('\n').filter(Boolean).map(JSON.parse).find((x) => x.type === type);
const maps = new Map();
const src = (cf) => { if (!cf.url.startsWith('file:')) return cf.url; if (!maps.has(cf.url)) { const f = fileURLToPath(cf.url); maps.set(cf.url, existsSync(f + '.map') ? new SourceMap(JSON.parse(readFileSync(f + '.map', 'utf8'))) : null); } const e = maps.get(cf.url)?.findEntry(cf.lineNumber, cf.columnNumber); return (e?.originalSource ?? cf.url).replace(/.*node_modules\//, 'nm/').replace(/.*\/dist\//, 'dist/'); };
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map(), incl = new Map();
let t = p.startTime, tot = 0;
for (let i = 0; i < p.samples.length; i++) { t += p.timeDeltas[i]; if (t < w.startUs || t > w.endUs) continue; const n = byId.get(p.samples[i]); if (n.callFrame.functionName === '(idle)') continue; tot += p.timeDeltas[i];
  const key = (n) => `${n.callFrame.functionName || '(anon)'} ${src(n.callFrame)}:${n.callFrame.lineNumber}`;
  self.set(key(n), (self.get(key(n)) ?? 0) + p.timeDeltas[i]);
  const seen = new Set(); for (let id = n.id; id !== undefined; id = parent.get(id)) { const k = mode === 'file' ? src(byId.get(id).callFrame) : key(byId.get(id)); if (seen.has(k)) continue; seen.add(k); incl.set(k, (incl.get(k) ?? 0) + p.timeDeltas[i]); } }
const show = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).forEach(([k, v]) => console.log((100 * v / tot).toFixed(1).padStart(5) + '% ' + k));
console.log('--- self'); show(self, 25); console.log('--- inclusive'); show(incl, 60);
