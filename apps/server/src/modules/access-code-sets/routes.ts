/**
 * Access-code-set endpoints (docs/product.md#api-calls "Access-code sets"): admins only. The
 * admin check runs on every request before its body is read, so everyone
 * else gets 403 whatever they send.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCESS_CODE_IMPORT_MAX_BYTES,
  ZAccessCodeSetLinks,
  ZAccessCodeSetLinksBody,
  ZAccessCodeSetList,
  ZAccessCodeSetListQuery,
  ZAccessCodeSetParams,
  ZAccessCodeSetResponse,
  ZAccessCodeSetSaveBody,
  ZAccessCodesBody,
  ZAccessCodesImportResponse,
  ZAccessCodesResponse,
  ZCodeUsage,
  ZCodeUsageQuery,
  ZErrorResponse,
  buildPager,
  type TAccessCodesImportResponse,
} from '@backoffice/domain';
import { requireAdmin } from '../../platform/access/admin.js';
import { readTextUpload } from '../../platform/files/uploads.js';
import { currentUser } from '../../platform/identity/current-user.js';
import { CodeLinesRefused, type AccessCodeSetService } from './service.js';
import { uploadRoute } from '../../platform/http/body-limits.js';

/** A list refused for some of its lines (nothing stored): the first of those lines, 1-based. */
const ZCodeLinesRefused = ZErrorResponse.extend({
  lines: z.array(z.number().int()).optional(),
});

/** Answers a refusal that names lines with them; other errors go to the error handler. */
async function answerLines(
  reply: FastifyReply,
  run: () => Promise<TAccessCodesImportResponse>,
): Promise<TAccessCodesImportResponse | FastifyReply> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof CodeLinesRefused)) throw error;
    return reply.status(400).send({
      statusCode: 400,
      message: error.key,
      field: error.field,
      lines: error.lines,
    });
  }
}

/** What the access-code-set routes get: the service and the limit of a pasted list. */
export interface AccessCodeSetRoutesOptions {
  accessCodeSets: AccessCodeSetService;
  /** bodyLimits(config).accessCodeText: 100,000 codes and more are pasted at once. */
  accessCodeTextBodyLimit: number;
}

export const accessCodeSetRoutes: FastifyPluginAsyncZod<AccessCodeSetRoutesOptions> = async (
  app,
  { accessCodeSets, accessCodeTextBodyLimit },
) => {
  const tags = ['access-code-sets'];
  app.addHook('onRequest', async (request) => {
    requireAdmin(await currentUser(request));
  });

  app.get(
    '/access-code-sets',
    {
      schema: {
        tags,
        summary: 'Admins: one page of the access-code sets, last modified first',
        description:
          'One page of the access-code sets, the one changed last first, with their names and code counts. Admins only.',
        operationId: 'listAccessCodeSets',
        querystring: ZAccessCodeSetListQuery,
        response: { 200: ZAccessCodeSetList },
      },
    },
    async (request) => {
      const { page } = request.query;
      const { rows, total } = await accessCodeSets.list(page);
      return { rows, pager: buildPager(page, total) };
    },
  );

  app.post(
    '/access-code-sets',
    {
      schema: {
        tags,
        summary: 'Admins: creates an access-code set',
        description:
          'Creates an access-code set with its internal name (unique, kept for good), its name in the app and its settings. Codes are added afterwards. Admins only.',
        operationId: 'createAccessCodeSet',
        body: ZAccessCodeSetSaveBody,
        response: { 200: ZAccessCodeSetResponse },
      },
    },
    async (request) => ({
      access_code_set: await accessCodeSets.create(await currentUser(request), request.body),
    }),
  );

  app.get(
    '/access-code-sets/:id',
    {
      schema: {
        tags,
        summary: 'Admins: one access-code set',
        description:
          'One access-code set with its settings and its `version` for a later save. Admins only.',
        operationId: 'getAccessCodeSet',
        params: ZAccessCodeSetParams,
        response: { 200: ZAccessCodeSetResponse },
      },
    },
    async (request) => ({ access_code_set: await accessCodeSets.get(request.params.id) }),
  );

  app.post(
    '/access-code-sets/:id',
    {
      schema: {
        tags,
        summary: 'Admins: saves an access-code set (its internal name stays)',
        description:
          'Saves the settings of the set; its internal name stays as created. With `version`, a save from an older version is refused with 409 `access_code_set_changed`. Admins only.',
        operationId: 'saveAccessCodeSet',
        params: ZAccessCodeSetParams,
        body: ZAccessCodeSetSaveBody,
        response: { 200: ZAccessCodeSetResponse },
      },
    },
    async (request) => ({
      access_code_set: await accessCodeSets.save(await currentUser(request), {
        id: request.params.id,
        fields: request.body,
        version: request.body.version,
      }),
    }),
  );

  app.get(
    '/access-code-sets/:id/links',
    {
      schema: {
        tags,
        summary: 'Admins: the campaigns linked to an access-code set',
        description:
          'The campaigns the set unlocks in the consumer app, with their ident, title and status. Admins only.',
        operationId: 'listAccessCodeSetLinks',
        params: ZAccessCodeSetParams,
        response: { 200: ZAccessCodeSetLinks },
      },
    },
    async (request) => ({
      campaign_to_access_code_set: await accessCodeSets.links(request.params.id),
    }),
  );

  app.post(
    '/access-code-sets/:id/links',
    {
      schema: {
        tags,
        summary:
          'Admins: makes the linked campaigns exactly the list of {ident} (links and unlinks)',
        description:
          'Links the set with exactly the campaigns given by their ident: those not listed are unlinked, new ones linked. Admins only.',
        operationId: 'saveAccessCodeSetLinks',
        params: ZAccessCodeSetParams,
        body: ZAccessCodeSetLinksBody,
        response: { 200: ZAccessCodeSetLinks },
      },
    },
    async (request) => ({
      campaign_to_access_code_set: await accessCodeSets.setLinks(await currentUser(request), {
        id: request.params.id,
        idents: request.body.map((link) => link.ident),
      }),
    }),
  );

  app.get(
    '/access-code-sets/:id/codes',
    {
      schema: {
        tags,
        summary: 'Admins: provided and used counts, and the codes of a short list',
        description:
          'How many codes the set provides and how many are used; the codes themselves when the list is short. Admins only.',
        operationId: 'getAccessCodes',
        params: ZAccessCodeSetParams,
        response: { 200: ZAccessCodesResponse },
      },
    },
    async (request) => ({ codes: await accessCodeSets.codes(request.params.id) }),
  );

  app.post(
    '/access-code-sets/:id/codes',
    {
      schema: {
        tags,
        summary:
          'Admins: adds codes given as text, one per line (all or none; duplicates and blank lines reported)',
        description:
          'Adds the codes of a text, one per line. All are added or none: the answer reports duplicates (within the text and with codes of the set) and blank lines, and an invalid code refuses the text. Admins only.',
        operationId: 'addAccessCodes',
        params: ZAccessCodeSetParams,
        body: ZAccessCodesBody,
        response: { 200: ZAccessCodesImportResponse, 400: ZCodeLinesRefused },
      },
      // 100,000 codes and more are pasted at once.
      bodyLimit: accessCodeTextBodyLimit,
    },
    async (request, reply) => {
      const user = await currentUser(request);
      return answerLines(reply, () =>
        accessCodeSets.importCodes(user, { id: request.params.id, text: request.body.codes }),
      );
    },
  );

  app.post(
    '/access-code-sets/:id/codes/upload',
    {
      schema: {
        tags,
        summary:
          'Admins: adds the codes of a text file, one per line (multipart, file field "upload")',
        description:
          'Adds the codes of an uploaded text file, one per line, as POST /api/access-code-sets/{id}/codes does with a text. Admins only.',
        operationId: 'uploadAccessCodes',
        params: ZAccessCodeSetParams,
        consumes: ['multipart/form-data'],
        response: { 200: ZAccessCodesImportResponse, 400: ZCodeLinesRefused },
      },
      ...uploadRoute(ACCESS_CODE_IMPORT_MAX_BYTES, 'upload_too_large'),
    },
    async (request, reply) => {
      const user = await currentUser(request);
      await accessCodeSets.require(request.params.id);
      const text = await readTextUpload(request, 'no_upload_file');
      return answerLines(reply, () =>
        accessCodeSets.importCodes(user, { id: request.params.id, text }),
      );
    },
  );

  app.get(
    '/access-code-sets/:id/code-usage',
    {
      schema: {
        tags,
        summary: 'Admins: which codes were used, when, for which campaign and participant',
        description:
          'Which codes of the set were used, when, for which campaign and by which participant (the consumer app’s `code_used` events), one page at a time. Admins only.',
        operationId: 'listAccessCodeUses',
        params: ZAccessCodeSetParams,
        querystring: ZCodeUsageQuery,
        response: { 200: ZCodeUsage },
      },
    },
    async (request) => accessCodeSets.codeUsage(request.params.id, request.query),
  );
};
