// What the release artefact is: its name, where `npm run package` writes it,
// the Node.js it needs and the one command that starts it. The packaging
// script, the Dockerfile's CMD (checked by a test) and the docs follow this.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

export const PRODUCT = rootPackage.name;
export const VERSION = rootPackage.version;

/** The artefact's folder name, also the tarball's name and its one top-level folder. */
export const ARTEFACT_NAME = `${PRODUCT}-${VERSION}`;

/** Where `npm run package` writes the folder and the tarball by default. */
export const RELEASE_DIR = path.join(root, 'dist', 'release');

/**
 * The Node.js the artefact runs on: the major version the npm scripts, the
 * tests and the container image use (the root package's `node`
 * devDependency). Some production dependencies need Node 22.15 or newer.
 */
export const NODE_ENGINES = `>=${String(rootPackage.devDependencies.node).replace(/^\D*/, '').split('.')[0]}`;

/**
 * The start command, run in the artefact's folder: the bundled server. The
 * server finds its migrations, the geocoding dataset and the web app
 * relative to server/package.json, and the external packages in
 * node_modules beside it.
 */
export const START_COMMAND = ['node', 'server/dist/bundle/main.js'];
