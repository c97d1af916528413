/**
 * Tokens for integrators on two server instances of one database (two
 * connection pools on PostgreSQL, as two processes have): a token made on
 * one is taken by the other, which marks its last use for the first to list,
 * and a revocation on one holds on the other at once (nothing is cached).
 */
import { describe, expect, it } from 'vitest';
import type { TApiTokenCreated, TApiTokenList } from '@backoffice/domain';
import { a, b, ids, useTwoInstances } from '../../cross-cutting/two-instances-fixture.js';

useTwoInstances();

describe('tokens for integrators on two instances', () => {
  it('is taken by the other instance, which marks its last use, and revoked on both at once', async () => {
    const made = await a.api('POST', `/merchants/${ids.sonnenschein}/api-tokens`, 'owner', {
      name: 'Zwei Prozesse',
      roles: ['manage-campaigns'],
      access: 'read',
    });
    expect(made.statusCode, made.body).toBe(201);
    const created = made.json<TApiTokenCreated>();
    b.tokens.integration = created.secret;

    const used = await b.api('GET', `/campaigns?exact_merchant=${ids.sonnenschein}`, 'integration');
    expect(used.statusCode, used.body).toBe(200);
    const listed = await a.api('GET', `/merchants/${ids.sonnenschein}/api-tokens`, 'owner');
    const entry = listed.json<TApiTokenList>().items.find((item) => item.id === created.token.id);
    expect(entry?.lastUsedAt).not.toBeNull();

    const revoked = await a.api('DELETE', `/api-tokens/${created.token.id}`, 'owner');
    expect(revoked.statusCode).toBe(204);
    const refused = await b.api(
      'GET',
      `/campaigns?exact_merchant=${ids.sonnenschein}`,
      'integration',
    );
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ statusCode: 401, message: 'unauthorized' });
  });
});
