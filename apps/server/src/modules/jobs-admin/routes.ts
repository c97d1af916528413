/** Admins watch the background jobs and put failed ones back to run. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZJobQueueParams, ZJobRetryResult, ZJobsOverview, ZUuid } from '@backoffice/domain';
import { currentUser } from '../../platform/identity/current-user.js';
import type { JobsAdminService } from './service.js';

export const jobsAdminRoutes: FastifyPluginAsyncZod<{ jobsAdmin: JobsAdminService }> = async (
  app,
  { jobsAdmin },
) => {
  const tags = ['jobs'];

  app.get(
    '/admin/jobs',
    {
      schema: {
        tags,
        summary: 'Admins: each job queue’s numbers and the newest failed jobs with their errors',
        description:
          'The screen "Hintergrundaufgaben": for every job queue (mails, webhook deliveries, location imports and the others) the number of jobs waiting, running, done and failed, and the newest failed jobs with their error. Admins only.',
        response: { 200: ZJobsOverview },
      },
    },
    async (request) => jobsAdmin.overview(await currentUser(request)),
  );

  app.post(
    '/admin/jobs/:queue/retry',
    {
      schema: {
        tags,
        summary: 'Admins: puts every failed job of the queue back to run; answers how many',
        description:
          'Puts every failed job of the queue back to run and answers how many it were. An unknown queue answers 404. Admins only.',
        params: ZJobQueueParams,
        response: { 200: ZJobRetryResult },
      },
    },
    async (request) => jobsAdmin.retry(await currentUser(request), { queue: request.params.queue }),
  );

  app.post(
    '/admin/jobs/:queue/:id/retry',
    {
      schema: {
        tags,
        summary: 'Admins: puts one failed job back to run (404 when it is not failed)',
        description:
          'Puts one failed job of the queue back to run. A job that does not exist or has not failed answers 404. Admins only.',
        params: ZJobQueueParams.extend({ id: ZUuid }),
        response: { 200: ZJobRetryResult },
      },
    },
    async (request) =>
      jobsAdmin.retry(await currentUser(request), {
        queue: request.params.queue,
        id: request.params.id,
      }),
  );
};
