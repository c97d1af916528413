/**
 * The embedded database belongs to one process: PGlite opens its folder
 * without any lock of its own, and a second process writing the same folder
 * (a second server, `npm run seed`, `npm run backup` while a server runs)
 * would corrupt it. A lock file in the data folder names the process that
 * holds it (its host and pid); a lock whose process has ended is taken over.
 */
import { hostname } from 'node:os';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export class DataFolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${folder} is in use by process ${pid} on this machine: stop that server first`,
    );
  }
}

const LOCK_FILE = 'pglite.lock';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of the live process (on this host, not this one) that holds the folder, if any. */
export async function folderHolder(dataDir: string): Promise<number | undefined> {
  const text = await readFile(path.join(dataDir, LOCK_FILE), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const [host, pidText] = text.trim().split(' ');
  const pid = Number(pidText);
  // Another host's lock cannot be checked; a restarted container may carry our own pid.
  if (host !== hostname() || !Number.isInteger(pid) || pid === process.pid) return undefined;
  return alive(pid) ? pid : undefined;
}

/** Takes the folder for this process; the returned function gives it back. */
export async function lockDataFolder(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; ; attempt += 1) {
    const holder = await folderHolder(dataDir);
    if (holder !== undefined) throw new DataFolderInUseError(dataDir, holder);
    try {
      await writeFile(file, `${hostname()} ${process.pid}\n`, { flag: 'wx' });
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      // A lock of an ended process: removed, then taken as if it had not been there.
      await rm(file, { force: true });
    }
  }
}
