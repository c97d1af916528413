/**
 * Records edited in forms are saved from the version they were read at
 * (platform/db/versions.ts): a location and an access-code set (the merchant profile's
 * own test is in merchants.test.ts). A save from an older version is refused
 * with 409 and its key and changes nothing; of saves sent at once from one
 * version, one is stored and the others are refused (on PostgreSQL the saves
 * really overlap); a client that sends no version saves as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let sonnenschein = '';

beforeAll(async () => {
  t = await createTestApp();
  await t.signInAs('owner', 'admin');
  sonnenschein = await t.merchantId('Bäckerei Sonnenschein');
});
afterAll(async () => {
  await t.close();
});

interface Versioned {
  /** Creates the record; its path. */
  create(): Promise<string>;
  /** The record's answer field of `name`-like text, as stored. */
  read(path: string): Promise<{ version: number; text: string }>;
  save(path: string, text: string, version: number | undefined): ReturnType<TestApp['api']>;
  conflict: string;
}

const location: Versioned = {
  async create() {
    const created = await t.api('POST', `/merchants/${sonnenschein}/locations`, 'owner', {
      ...locationFields('Filiale am Markt'),
      use_anyway: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    return `/merchants/${sonnenschein}/locations/${created.json().location.id as string}`;
  },
  async read(path) {
    const { location: stored } = (await t.api('GET', path, 'owner')).json();
    return { version: stored.version, text: stored.name };
  },
  save: (path, text, version) =>
    t.api('POST', path, 'owner', { ...locationFields(text), use_anyway: true, version }),
  conflict: 'location_changed',
};

const accessCodeSet: Versioned = {
  async create() {
    const created = await t.api(
      'POST',
      '/access-code-sets',
      'admin',
      setFields('Herbstaktion 2026'),
    );
    expect(created.statusCode, created.body).toBe(200);
    return `/access-code-sets/${created.json().access_code_set.id as string}`;
  },
  async read(path) {
    const { access_code_set: stored } = (await t.api('GET', path, 'admin')).json();
    return { version: stored.version, text: stored.name };
  },
  save: (path, text, version) => t.api('POST', path, 'admin', { ...setFields(text), version }),
  conflict: 'access_code_set_changed',
};

function locationFields(name: string) {
  return {
    name,
    type: 'store',
    street: 'Marktplatz',
    streetnumber: '1',
    zip: '80331',
    city: 'München',
    country: 'DE',
  };
}

function setFields(name: string) {
  return {
    type: 'unique',
    name,
    hint_title: 'Ihr Code',
    hint_text: 'Den Code finden Sie auf dem Kassenbon.',
  };
}

describe.each([
  ['a location', location],
  ['an access-code set', accessCodeSet],
])('%s saved from the version it was read at', (_label, record) => {
  it('refuses a save from an older version, and of saves sent at once from one version takes one', async () => {
    const path = await record.create();
    const { version } = await record.read(path);

    const first = await record.save(path, 'Erste Änderung am Namen', version);
    expect(first.statusCode, first.body).toBe(200);
    expect((await record.read(path)).version).toBe(version + 1);
    const stale = await record.save(path, 'Zweite, ältere Fassung', version);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({ message: record.conflict });
    expect((await record.read(path)).text).toBe('Erste Änderung am Namen');

    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        record.save(path, `Gleichzeitig Nummer ${String(n)}`, version + 1),
      ),
    );
    const stored = answers.filter((answer) => answer.statusCode === 200);
    expect(stored).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(4);
    const after = await record.read(path);
    expect(after.version).toBe(version + 2);
    expect(JSON.stringify(stored[0]?.json())).toContain(after.text);

    // A client that names no version saves as before.
    expect((await record.save(path, 'Ohne Versionsangabe', undefined)).statusCode).toBe(200);
  });
});
