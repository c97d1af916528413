/** Location endpoints of the merchant API (docs/product.md#api-calls "Merchants"): manage-merchant only. */
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZErrorResponse,
  ZImportJobParams,
  ZUploadLineError,
  ZLocationImportJob,
  ZLocationListResponse,
  ZLocationParams,
  ZLocationResponse,
  ZLocationSaveBody,
  ZLocationUploadResponse,
  ZMerchantIdParams,
  type TLocationFields,
} from '@backoffice/domain';
import { readSingleUpload } from '../../platform/files/uploads.js';
import { registerDomainValidationErrors } from '../../platform/http/domain-validation-errors.js';
import { currentUser } from '../../platform/identity/current-user.js';
import { UploadRefusedError, type LocationService } from './service.js';
import { uploadRoute } from '../../platform/http/body-limits.js';

const tags = ['locations'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * docs/product.md#api-calls sends a location as `{location: {...}}`; today's clients send its
 * fields flat. Both are accepted: the wrapped form is unwrapped before the
 * body is validated (what sits beside `location`, e.g. use_anyway, is kept).
 */
const unwrapLocation: preValidationAsyncHookHandler = async (request) => {
  const body = request.body;
  if (!isRecord(body) || !isRecord(body.location)) return;
  const { location, ...beside } = body;
  request.body = { ...location, ...beside };
};
const ZUploadRefused = ZErrorResponse.extend({ errors: z.array(ZUploadLineError).optional() });

/** What the location routes get: the service and the limit of a CSV upload. */
export interface LocationRoutesOptions {
  locations: LocationService;
  /** config.files.csvMaxBytes */
  csvMaxBytes: number;
}

export const locationRoutes: FastifyPluginAsyncZod<LocationRoutesOptions> = async (
  app,
  { locations, csvMaxBytes },
) => {
  /** Create (no locationId) and update share one path through saveLocation. */
  const save = async (
    request: FastifyRequest,
    body: TLocationFields & { use_anyway: boolean; version?: number | undefined },
    { merchantId, locationId }: { merchantId: string; locationId: string | undefined },
  ) => {
    const { use_anyway, version, ...fields } = body;
    const user = await currentUser(request);
    return {
      location: await locations.save(user, {
        merchantId,
        locationId,
        fields,
        useAnyway: use_anyway,
        version,
      }),
    };
  };
  registerDomainValidationErrors(app);

  app.get(
    '/merchants/:id/locations',
    {
      schema: {
        tags,
        summary: 'The merchant’s locations and the running upload, if any',
        description:
          'Every location of the merchant with its address and coordinates, and the CSV upload still being geocoded, if there is one. Needs the role manage-merchant for the merchant.',
        params: ZMerchantIdParams,
        response: { 200: ZLocationListResponse },
      },
    },
    async (request) => locations.list(await currentUser(request), request.params.id),
  );

  app.post(
    '/merchants/:id/locations',
    {
      schema: {
        tags,
        summary:
          'Adds a location (flat or as {location}); answers 422 address_not_found unless use_anyway',
        description:
          'The address is geocoded; when no place is found the answer is 422 `address_not_found` unless `use_anyway` is set, and the location is then kept without coordinates. The body may be the location itself or `{location: …}`. Needs the role manage-merchant for the merchant.',
        params: ZMerchantIdParams,
        body: ZLocationSaveBody,
        response: { 200: ZLocationResponse },
      },
      preValidation: unwrapLocation,
    },
    async (request) =>
      save(request, request.body, { merchantId: request.params.id, locationId: undefined }),
  );

  app.get(
    '/merchants/:id/locations/:locId',
    {
      schema: {
        tags,
        summary: 'One location',
        description:
          'One location of the merchant, with its `version` for a later save. Needs the role manage-merchant for the merchant; a location of another merchant answers 404.',
        params: ZLocationParams,
        response: { 200: ZLocationResponse },
      },
    },
    async (request) => ({
      location: await locations.get(await currentUser(request), {
        merchantId: request.params.id,
        locationId: request.params.locId,
      }),
    }),
  );

  app.post(
    '/merchants/:id/locations/:locId',
    {
      schema: {
        tags,
        summary: 'Saves a location (flat or as {location}); a changed address is geocoded again',
        description:
          'Saves the location; a changed address is geocoded again (422 `address_not_found` unless `use_anyway`). With `version`, a save from an older version is refused with 409 `location_changed`. Needs the role manage-merchant for the merchant.',
        params: ZLocationParams,
        body: ZLocationSaveBody,
        response: { 200: ZLocationResponse },
      },
      preValidation: unwrapLocation,
    },
    async (request) =>
      save(request, request.body, {
        merchantId: request.params.id,
        locationId: request.params.locId,
      }),
  );

  app.delete(
    '/merchants/:id/locations/:locId',
    {
      schema: {
        tags,
        summary: 'Deletes a location',
        description:
          'Deletes the location for good. Needs the role manage-merchant for the merchant; a location of another merchant answers 404.',
        params: ZLocationParams,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      await locations.delete(await currentUser(request), {
        merchantId: request.params.id,
        locationId: request.params.locId,
      });
      return { deleted: true as const };
    },
  );

  app.post(
    '/merchants/:id/multiple-locations',
    {
      ...uploadRoute(csvMaxBytes, 'upload_too_large'),
      schema: {
        tags,
        summary:
          'CSV upload (multipart, file field "upload"): all lines valid, or nothing imported',
        description:
          'Reads the CSV file (one location a line) and checks every line first: a single invalid line refuses the whole file, with the line and the field. A valid file is taken at once and geocoded in the background; the answer names the import job, whose progress GET /api/merchants/{id}/location-imports/{jobId} reports. Needs the role manage-merchant for the merchant.',
        params: ZMerchantIdParams,
        consumes: ['multipart/form-data'],
        // A refused upload answers 400 with {statusCode, message, errors: [{line, field, message}]}.
        response: { 200: ZLocationUploadResponse, 400: ZUploadRefused },
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      // Who asks is checked before the upload is read.
      await locations.checkUpload(user, request.params.id);
      const data = await readSingleUpload(request, 'no_upload_file', false);
      try {
        const job = await locations.upload(user, { merchantId: request.params.id, data });
        return { job };
      } catch (error) {
        if (!(error instanceof UploadRefusedError)) throw error;
        return reply
          .status(400)
          .send({ statusCode: 400, message: 'bad_input', errors: error.errors });
      }
    },
  );

  app.get(
    '/merchants/:id/location-imports/:jobId',
    {
      schema: {
        tags,
        summary: 'Progress of the background geocoding of an upload',
        description:
          'How far the background geocoding of a CSV upload is: lines done of all, and whether it has finished. The screen "Standorte" asks this until the import is done. Needs the role manage-merchant for the merchant.',
        params: ZImportJobParams,
        response: { 200: ZLocationImportJob },
      },
    },
    async (request) =>
      locations.importJob(await currentUser(request), {
        merchantId: request.params.id,
        jobId: request.params.jobId,
      }),
  );
};
