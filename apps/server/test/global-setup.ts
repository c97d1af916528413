/**
 * Prepares one database before the server tests start, for every test
 * file's own database to start from (`openTestDatabase`): migrated, with the
 * job queue's tables and queues, as a server's first start leaves it; a
 * dump of an embedded database's data folder, or, with TEST_DATABASE_URL, a
 * PostgreSQL template database. Doing it once instead of once per database
 * saves about two seconds a database (initdb in WebAssembly, the
 * migrations, pg-boss's schema), of which a run opens over a hundred.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import pino from 'pino';
import { JOB_DEFINITIONS } from '../src/background-jobs.js';
import { loadConfig } from '../src/platform/config/config.js';
import { openDatabase, type Database } from '../src/platform/db/client.js';
import { JobQueue } from '../src/platform/jobs/queue.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding a migrated embedded database (PGlite's `dumpDataDir`). */
    pgliteTemplate: string;
    /** With TEST_DATABASE_URL: the migrated PostgreSQL database each test database copies. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) return postgresTemplate(project, adminUrl);
  const folder = await mkdtemp(path.join(tmpdir(), 'pglite-template-'));
  const file = path.join(folder, 'migrated.tar');
  const database = await openDatabase({ kind: 'memory' });
  await prepareJobQueue(database);
  const client = database.queueTarget.kind === 'pglite' ? database.queueTarget.client : undefined;
  if (!client) throw new Error('an embedded database was expected');
  const dump = await client.dumpDataDir('none');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => rm(folder, { recursive: true, force: true });
}

async function postgresTemplate(
  project: TestProject,
  adminUrl: string,
): Promise<() => Promise<void>> {
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  await prepareJobQueue(database);
  await database.close();
  project.provide('pgliteTemplate', '');
  project.provide('postgresTemplate', name);
  return () => run(`drop database if exists ${name} with (force)`);
}

/** The job queue's tables and the product's queues, without workers. */
async function prepareJobQueue(database: Database): Promise<void> {
  const jobs = new JobQueue({
    target: database.queueTarget,
    config: loadConfig({ DEMO: 'true', LOG_LEVEL: 'silent' }),
    log: pino({ level: 'silent' }),
  });
  await jobs.prepare(JOB_DEFINITIONS);
  await jobs.stop(1000);
}
