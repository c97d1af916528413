/**
 * Where the server's own files are (migrations, the geocoding dataset, the
 * built web app next to it), whichever way its code runs: from the sources
 * (tests, through tsx), as compiled modules in dist/, or as the bundle in
 * dist/bundle/ that `npm start` runs. Each of these lies inside the server's
 * package folder, the nearest folder above the running code with a
 * package.json.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

function packageFolder(start: string): string {
  for (let folder = start; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) {
      throw new Error(`no package.json above ${start}: the server's files cannot be found`);
    }
  }
}

const SERVER_FOLDER = packageFolder(import.meta.dirname);

/** A path inside the server's package folder, e.g. serverPath('src', 'platform', 'db', 'migrations'). */
export const serverPath = (...parts: string[]): string => path.join(SERVER_FOLDER, ...parts);
