// `npm start`: builds what is missing or stale, then runs the whole product
// (API, identity provider, web app, embedded database) in one process. The
// console shows one line per phase of a first start, the logs go to
// DATA_DIR/logs in demo mode, and the address to open comes last.
import { pathToFileURL } from 'node:url';
import {
  buildNotice,
  buildSteps,
  runBuildSteps,
  serverEntry,
  workspacesToBuild,
} from './build-state.mjs';

const stale = workspacesToBuild();
const notice = buildNotice(stale);
if (notice) console.log(notice);
const code = runBuildSteps(buildSteps(stale));
if (code !== 0) process.exit(code);

// The server runs in this process: a second Node process would add its start
// (about 0.1 s) and its memory (about 40 MB) for nothing.
await import(pathToFileURL(serverEntry).href);
