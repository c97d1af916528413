/**
 * The caller's signed-in devices ("Angemeldete Geräte"): GET /my/sessions,
 * DELETE /my/sessions/{id}, POST /my/sessions/end-others. Every route acts
 * on the caller's own account only, found by the access resolver.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZMySessionList, ZSessionsEnded, ZUuid } from '@backoffice/domain';
import { currentPerson } from '../../platform/identity/current-user.js';
import { claimsOf } from '../../platform/identity/authenticate.js';
import { deviceOf } from '../../platform/identity/devices.js';
import type { Caller, MySessionService } from './service.js';

async function callerOf(request: FastifyRequest): Promise<Caller> {
  const user = await currentPerson(request);
  return { user, sid: claimsOf(request).sid };
}

const EXTERNAL =
  'A user of an external provider (OAUTH_JWKS_URL) has no sessions here: the list is empty with managed false.';

/** What the my-sessions routes get: the service. */
export interface MySessionRoutesOptions {
  mySessions: MySessionService;
}

export const mySessionRoutes: FastifyPluginAsyncZod<MySessionRoutesOptions> = async (
  app,
  { mySessions },
) => {
  const tags = ['my-sessions'];

  app.get(
    '/my/sessions',
    {
      schema: {
        tags,
        summary: 'The caller’s signed-in devices: the live sessions of the account',
        description: `Each with its sign-in, its last token renewal, the browser and system its User-Agent names, the address it signed in from, and whether it is the session of the token that asks. ${EXTERNAL}`,
        response: { 200: ZMySessionList },
      },
    },
    async (request) => mySessions.list(await callerOf(request)),
  );

  app.delete(
    '/my/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Signs one of the caller’s devices out: its tokens stop working at once',
        description:
          'A session that is not the caller’s, or has ended, answers 404. The account gets a mail.',
        params: z.object({ id: ZUuid }),
        response: { 200: ZSessionsEnded },
      },
    },
    async (request) =>
      mySessions.end(await callerOf(request), {
        sessionId: request.params.id,
        device: deviceOf(request),
      }),
  );

  app.post(
    '/my/sessions/end-others',
    {
      schema: {
        tags,
        summary: 'Signs every other device of the caller out; the caller’s own session stays',
        description:
          'Answers how many sessions were ended; the account gets a mail when that is one or more.',
        response: { 200: ZSessionsEnded },
      },
    },
    async (request) => mySessions.endOthers(await callerOf(request), deviceOf(request)),
  );
};
