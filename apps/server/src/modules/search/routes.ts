/**
 * Site search over the campaigns and merchants the caller may see, and the
 * tag list of tip campaigns (docs/product.md#api-calls "Tags and search").
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZSiteSearchQuery,
  ZSiteSearchResponse,
  ZTagCreateBody,
  ZTagCreateResponse,
  ZTagsQuery,
  ZTagsResponse,
} from '@backoffice/domain';
import { currentUser } from '../../platform/identity/current-user.js';
import type { SearchService } from './service.js';

export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (
  app,
  { search },
) => {
  app.get(
    '/ac/site-search',
    {
      schema: {
        tags: ['search'],
        summary: 'Campaigns and merchants matching a text or an id',
        description:
          'The site search of the header: the campaigns and merchants the caller may see whose name contains the text, or whose id it is. Answers a short list of hits, each with its kind, id and name.',
        querystring: ZSiteSearchQuery,
        response: { 200: ZSiteSearchResponse },
      },
    },
    async (request) => {
      const user = await currentUser(request);
      return { hits: await search.siteSearch(user, request.query.q) };
    },
  );

  app.get(
    '/ac/tags',
    {
      schema: {
        tags: ['search'],
        summary: 'Tags starting with a text, for autocompletion',
        description:
          'The known tags (of tip campaigns) starting with the text, for the autocompletion of the tag field.',
        querystring: ZTagsQuery,
        response: { 200: ZTagsResponse },
      },
    },
    async (request) => {
      await currentUser(request);
      return { tags: await search.suggestTags(request.query.q) };
    },
  );

  app.post(
    '/tags',
    {
      schema: {
        tags: ['search'],
        summary: 'Adds a tag (tips are for admins and agencies)',
        description:
          'Adds a tag to the list of known tags and answers its name. Tips, and so their tags, are for admins and agencies; others are refused with 403.',
        body: ZTagCreateBody,
        response: { 200: ZTagCreateResponse },
      },
    },
    async (request) => {
      const user = await currentUser(request);
      return { name: await search.createTag(user, request.body.name) };
    },
  );
};
