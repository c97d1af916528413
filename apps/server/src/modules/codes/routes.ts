/** A campaign's multiple codes (docs/product.md#api-calls "Campaigns": multiple-codes, upload, download). */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CODE_UPLOAD_MAX_BYTES,
  ZCampaignIdParams,
  ZCodeAddBody,
  ZCampaignCodeImportReport,
  ZCodeImportResponse,
  ZCodeListQuery,
  ZCodeListResponse,
  ZErrorResponse,
  type TCodeImportResponse,
} from '@backoffice/domain';
import { readTextUpload } from '../../platform/files/uploads.js';
import { currentUser } from '../../platform/identity/current-user.js';
import { codeCells } from '../../platform/files/code-cells.js';
import { InvalidCodeLinesError, NoCodesAddedError, type CodeService } from './service.js';
import { uploadRoute } from '../../platform/http/body-limits.js';

const tags = ['campaigns'];

/** A refused addition: nothing was stored; what was skipped, or the lines that are no code. */
const ZCodesRefused = ZErrorResponse.extend({
  lines: z.array(z.number().int()).optional(),
  ...ZCampaignCodeImportReport.partial().shape,
});

/** Answers the refusals that carry more than a message; others go to the error handler. */
async function answerRefusal(
  reply: FastifyReply,
  run: () => Promise<TCodeImportResponse>,
): Promise<TCodeImportResponse | FastifyReply> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof NoCodesAddedError)
      return reply
        .status(400)
        .send({ statusCode: 400, message: error.key, field: error.field, ...error.report });
    if (error instanceof InvalidCodeLinesError)
      return reply.status(400).send({
        statusCode: 400,
        message: error.key,
        field: error.field,
        lines: error.lines.slice(0, 20),
      });
    throw error;
  }
}

/** What the code routes get: the service and the limit of a list of codes. */
export interface CodeRoutesOptions {
  codes: CodeService;
  /** bodyLimits(config).codeList */
  codeListBodyLimit: number;
}

export const codeRoutes: FastifyPluginAsyncZod<CodeRoutesOptions> = async (
  app,
  { codes, codeListBodyLimit },
) => {
  app.get(
    '/campaigns/:id/multiple-codes',
    {
      schema: {
        tags,
        summary: 'The campaign’s code counts and a page of its codes',
        description:
          'For a campaign that hands out one code per participant: how many codes it has and how many are used, and one page of the codes. Needs the role manage-campaigns for the campaign’s merchant.',
        operationId: 'listMultipleCodes',
        params: ZCampaignIdParams,
        querystring: ZCodeListQuery,
        response: { 200: ZCodeListResponse },
      },
    },
    async (request) =>
      codes.list(await currentUser(request), { id: request.params.id, page: request.query.page }),
  );

  app.post(
    '/campaigns/:id/multiple-codes',
    {
      // A list of 100,000 codes is larger than the default body limit.
      bodyLimit: codeListBodyLimit,
      schema: {
        tags,
        summary:
          'Adds codes given as a list or as text (one per line), or generates random ones; all or nothing',
        description:
          'Adds codes to the campaign: as a list, as text with one code per line, or a number of random codes the server makes. Every code is checked first; one invalid or duplicate code refuses them all, with the code named. Needs the role manage-campaigns for the campaign’s merchant.',
        operationId: 'addMultipleCodes',
        params: ZCampaignIdParams,
        body: ZCodeAddBody,
        response: { 200: ZCodeImportResponse, 400: ZCodesRefused },
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      const body = request.body;
      return answerRefusal(reply, () =>
        'generate' in body
          ? codes.generate(user, { id: request.params.id, options: body.generate })
          : codes.add(user, { id: request.params.id, codes: body.codes }),
      );
    },
  );

  app.post(
    '/campaigns/:id/multiple-codes/upload',
    {
      ...uploadRoute(CODE_UPLOAD_MAX_BYTES, 'upload_too_large'),
      schema: {
        tags,
        summary:
          'Code file upload (multipart, file field "upload"; text or CSV, one code per line); all or nothing',
        description:
          'Adds the codes of an uploaded text or CSV file, one code per line. Every code is checked first; one invalid or duplicate code refuses the whole file. Needs the role manage-campaigns for the campaign’s merchant.',
        operationId: 'uploadMultipleCodes',
        params: ZCampaignIdParams,
        consumes: ['multipart/form-data'],
        response: { 200: ZCodeImportResponse, 400: ZCodesRefused },
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      // Who asks is checked before the upload is read.
      await codes.checkAccess(user, request.params.id);
      const text = await readTextUpload(request, 'no_upload_file', false);
      return answerRefusal(reply, async () =>
        codes.upload(user, { id: request.params.id, cells: codeCells(text) }),
      );
    },
  );

  app.get(
    '/campaigns/:id/multiple-codes/download',
    {
      schema: {
        tags,
        summary: 'The campaign’s codes as a CSV file (code; used)',
        description:
          'Every code of the campaign as a CSV file (`code;used`), for the merchant’s own records. Needs the role manage-campaigns for the campaign’s merchant.',
        operationId: 'downloadMultipleCodes',
        params: ZCampaignIdParams,
        produces: ['text/csv'],
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const { csv, fileName } = await codes.download(await currentUser(request), request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
