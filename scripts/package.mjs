// `npm run package`: the release artefact, a folder and a tarball that start
// with `node` alone on a machine without the repository:
//
//   campaign-backoffice-<version>/
//     package.json              name, version, engines, the start command
//     node_modules/             the bundle's external packages and everything they need
//     server/package.json       the server's package folder (platform/config/server-folder.ts)
//     server/dist/bundle/       the bundled server (main.js, create-data-folder.js, chunks)
//     server/src/platform/db/migrations/ applied at every start
//     server/src/platform/geocoding/data/cities.tsv.gz  the offline geocoder's dataset
//     web/dist/                 the built web app (the server's default WEB_DIST_DIR)
//
// It builds what is missing or stale first (as `npm start` does), then copies
// the production packages out of the installed node_modules by walking their
// dependency tree: no network, and exactly the versions the tests ran with,
// platform packages included (sharp's @img/*, @node-rs/argon2's addon), so the
// artefact belongs to this machine's platform (docs/decisions.md).
//
//   node scripts/package.mjs [--out <folder>] [--no-build]
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EXTERNAL } from '../apps/server/scripts/bundle-externals.mjs';
import { buildSteps, runBuildSteps, workspacesToBuild } from './build-state.mjs';
import {
  ARTEFACT_NAME,
  NODE_ENGINES,
  PRODUCT,
  RELEASE_DIR,
  START_COMMAND,
  VERSION,
  root,
} from './release.mjs';

const { values: options } = parseArgs({
  options: { out: { type: 'string' }, 'no-build': { type: 'boolean', default: false } },
});
const outDir = path.resolve(options.out ?? RELEASE_DIR);

const server = path.join(root, 'apps', 'server');
const bundleDir = path.join(server, 'dist', 'bundle');
const webDist = path.join(root, 'apps', 'web', 'dist');

function fail(message) {
  process.stderr.write(`package: ${message}\n`);
  process.exit(1);
}

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The packages the bundle's files import or require by name, Node's own modules aside. */
function bundleImports() {
  const names = new Set();
  for (const file of readdirSync(bundleDir)) {
    if (!file.endsWith('.js')) continue;
    const code = readFileSync(path.join(bundleDir, file), 'utf8');
    const found = code.matchAll(
      /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)"((?:@[\w.-]+\/)?[\w.-]+)(?:\/[^"]*)?"/g,
    );
    for (const [, name] of found) {
      if (!name.startsWith('node:') && !builtinModules.includes(name)) names.add(packageOf(name));
    }
  }
  return names;
}

/** The installed package `name` as Node finds it from `from`, or undefined. */
function resolvePackage(name, from) {
  for (let folder = from; folder.startsWith(root); folder = path.dirname(folder)) {
    const candidate = path.join(folder, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (folder === root) break;
  }
  return undefined;
}

/**
 * Every package the external ones need, each with the path it gets in the
 * artefact: node_modules/ of the repository's root stays node_modules/,
 * the server workspace's own apps/server/node_modules/ becomes
 * server/node_modules/ (Node looks there first from server/dist/bundle).
 */
function dependencyClosure(roots) {
  const found = new Map();
  const visit = (name, from, optional) => {
    const folder = resolvePackage(name, from);
    if (!folder) {
      if (optional) return;
      fail(`${name} (needed from ${path.relative(root, from) || '.'}) is not installed`);
    }
    if (found.has(folder)) return;
    if (lstatSync(folder).isSymbolicLink()) {
      fail(`${name} is a link (a workspace?): the bundle should hold it, not node_modules`);
    }
    const relative = path.relative(root, folder);
    const target = relative.startsWith(`apps${path.sep}server${path.sep}`)
      ? path.join('server', path.relative(server, folder))
      : relative;
    if (!target.startsWith('node_modules') && !target.startsWith(`server${path.sep}node_modules`)) {
      fail(`${name} is installed at ${relative}, where the server cannot find it`);
    }
    found.set(folder, target);
    const manifest = readJson(path.join(folder, 'package.json'));
    for (const dependency of Object.keys(manifest.dependencies ?? {})) {
      visit(dependency, folder, false);
    }
    // Platform packages (sharp's @img/*, @node-rs/argon2's addon) are
    // optional dependencies: the installed one is this platform's.
    for (const dependency of Object.keys(manifest.optionalDependencies ?? {})) {
      visit(dependency, folder, true);
    }
    for (const dependency of Object.keys(manifest.peerDependencies ?? {})) {
      visit(dependency, folder, true);
    }
  };
  for (const { name, optional } of roots) visit(name, server, optional);
  return found;
}

if (!options['no-build']) {
  const code = runBuildSteps(buildSteps(workspacesToBuild()));
  if (code !== 0) process.exit(code);
}
for (const [what, file] of [
  ['the server bundle', path.join(bundleDir, 'main.js')],
  ['the web app', path.join(webDist, 'index.html')],
]) {
  if (!existsSync(file)) fail(`${what} is not built (${path.relative(root, file)}): npm run build`);
}

const isExternal = (name) =>
  EXTERNAL.some((entry) => name === entry || name.startsWith(`${entry}/`));
const imported = [...bundleImports()].filter(isExternal);
// Each EXTERNAL entry the bundle imports, plus the exact names on the list
// (optional when not installed: pg-native is node-postgres's optional addon).
const roots = [
  ...imported.map((name) => ({ name, optional: false })),
  ...EXTERNAL.filter(
    (entry) => !imported.includes(entry) && (entry.startsWith('@') ? entry.includes('/') : true),
  ).map((name) => ({ name, optional: true })),
];
const closure = dependencyClosure(roots);

const artefact = path.join(outDir, ARTEFACT_NAME);
const tarball = `${artefact}.tar.gz`;
rmSync(artefact, { recursive: true, force: true });
rmSync(tarball, { force: true });
mkdirSync(artefact, { recursive: true });

const copy = (from, to, filter) =>
  cpSync(from, path.join(artefact, to), { recursive: true, filter, verbatimSymlinks: true });

// Each package without its own node_modules: what of it is needed is in the closure.
for (const [folder, target] of closure) {
  copy(folder, target, (source) => source !== path.join(folder, 'node_modules'));
}
copy(bundleDir, path.join('server', 'dist', 'bundle'));
copy(
  path.join(server, 'src', 'platform', 'db', 'migrations'),
  path.join('server', 'src', 'platform', 'db', 'migrations'),
);
copy(
  path.join(server, 'src', 'platform', 'geocoding', 'data', 'cities.tsv.gz'),
  path.join('server', 'src', 'platform', 'geocoding', 'data', 'cities.tsv.gz'),
);
copy(webDist, path.join('web', 'dist'));

const serverPackage = readJson(path.join(server, 'package.json'));
writeFileSync(
  path.join(artefact, 'server', 'package.json'),
  `${JSON.stringify(
    {
      name: serverPackage.name,
      version: serverPackage.version,
      private: true,
      type: 'module',
    },
    null,
    2,
  )}\n`,
);

// The top-level packages with their versions, for `npm ls` and the reader.
const dependencies = Object.fromEntries(
  [...closure.values()]
    .filter((target) => /^node_modules[/\\](@[^/\\]+[/\\])?[^/\\]+$/.test(target))
    .map((target) => {
      const manifest = readJson(path.join(artefact, target, 'package.json'));
      return [manifest.name, manifest.version];
    })
    .sort(([a], [b]) => a.localeCompare(b)),
);
writeFileSync(
  path.join(artefact, 'package.json'),
  `${JSON.stringify(
    {
      name: PRODUCT,
      version: VERSION,
      private: true,
      description: `Release of the campaign back-office for ${process.platform}-${process.arch}: start it with \`${START_COMMAND.join(' ')}\` (or npm start) in this folder.`,
      type: 'module',
      engines: { node: NODE_ENGINES },
      os: [process.platform],
      cpu: [process.arch],
      scripts: { start: START_COMMAND.join(' ') },
      dependencies,
    },
    null,
    2,
  )}\n`,
);

const tar = spawnSync(
  'tar',
  [
    '--create',
    '--gzip',
    '--file',
    tarball,
    '--owner=0',
    '--group=0',
    '--numeric-owner',
    '--directory',
    outDir,
    ARTEFACT_NAME,
  ],
  { stdio: 'inherit' },
);
if (tar.status !== 0) fail(`tar failed (${tar.status ?? tar.signal})`);

process.stdout.write(
  `Release artefact: ${path.relative(process.cwd(), artefact) || artefact} (${closure.size} packages)\n` +
    `Tarball:          ${path.relative(process.cwd(), tarball) || tarball}\n` +
    `Start it there:   ${START_COMMAND.join(' ')}   (Node.js ${NODE_ENGINES})\n`,
);
