/** Merchant endpoints of the merchant API (docs/product.md#api-calls "Merchants"): list, profile, images, contacts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MERCHANT_IMAGE_FORMAT,
  ZMerchantContactsResponse,
  ZMerchantDetail,
  ZMerchantIdParams,
  ZMerchantImagesQuery,
  ZMerchantImagesResponse,
  ZMerchantListQuery,
  ZMerchantListResponse,
  ZMerchantSaveBody,
  ZMerchantSaveResponse,
  buildPager,
  isAdmin,
  parseImageFormat,
  sizedImageSrc,
  type TMerchantProfile,
  type TMerchantSummary,
} from '@backoffice/domain';
import { currentPerson, currentUser } from '../../platform/identity/current-user.js';
import type { AdminFields, MerchantService } from './service.js';
import { registerDomainValidationErrors } from '../../platform/http/domain-validation-errors.js';
import { imageSrc, toMerchantDetail } from './view.js';
import { uploadRoute } from '../../platform/http/body-limits.js';

const tags = ['merchants'];

/** A row of the merchant list with its image in the format the caller asked for. */
function withImageFormat<T extends TMerchantSummary>(row: T, format: string | undefined): T {
  const size = format ? parseImageFormat(format) : undefined;
  if (!size || !row.image) return row;
  return { ...row, image: { src: sizedImageSrc(row.image.src, size) } };
}

function split(
  body: TMerchantProfile & AdminFields & { version?: number | undefined },
): [TMerchantProfile, AdminFields, number | undefined] {
  const { internal_name, level, is_valid, version, ...profile } = body;
  return [profile, { internal_name, level, is_valid }, version];
}

/** What the merchant routes get: the service and the limit of an image upload. */
export interface MerchantRoutesOptions {
  merchants: MerchantService;
  /** config.files.imageMaxBytes */
  imageMaxBytes: number;
}

export const merchantRoutes: FastifyPluginAsyncZod<MerchantRoutesOptions> = async (
  app,
  { merchants, imageMaxBytes },
) => {
  registerDomainValidationErrors(app);

  app.get(
    '/merchants',
    {
      schema: {
        tags,
        summary: 'The merchants the caller may act for, paged and filtered by name',
        description:
          'The merchants the caller may act for (admins: all), one page at a time, filtered by a part of the name. The merchant list of admins and agencies and the merchant choice of everyone.',
        querystring: ZMerchantListQuery,
        response: { 200: ZMerchantListResponse },
      },
    },
    async (request) => {
      const user = await currentPerson(request);
      const { page, filter, image_format } = request.query;
      const result = await merchants.list(user, { page, filter });
      return {
        rows: result.rows.map((row) => withImageFormat(row, image_format)),
        pager: buildPager(page, result.total),
      };
    },
  );

  app.post(
    '/merchants',
    {
      schema: {
        tags,
        summary: 'Creates a merchant; the creator becomes an account with every role',
        description:
          'Creates a merchant with its name; the caller gets an account of it with every role. The answer is the new merchant.',
        body: ZMerchantSaveBody,
        response: { 200: ZMerchantSaveResponse },
      },
    },
    async (request) => {
      const [profile, adminFields] = split(request.body);
      return merchants.create(await currentPerson(request), { profile, adminFields });
    },
  );

  app.get(
    '/merchants/:id',
    {
      schema: {
        tags,
        summary: 'The merchant profile',
        description:
          'The profile of the merchant (name, address, texts, links and the other fields of the screen "Profil"), the caller’s roles for it and the `version` for a later save. Admins also see the internal name, level and validity.',
        params: ZMerchantIdParams,
        response: { 200: ZMerchantDetail },
      },
    },
    async (request) => {
      const user = await currentUser(request);
      const access = await merchants.access(user, request.params.id);
      return toMerchantDetail(access.merchant, access.roles, isAdmin(user));
    },
  );

  app.post(
    '/merchants/:id',
    {
      schema: {
        tags,
        summary:
          'Saves the merchant profile (manage-merchant; level, validity and internal name by admins)',
        description:
          'Saves the profile. Needs the role manage-merchant; the level, the validity and the internal name are changed by admins only. With `version`, a save from an older version is refused with 409 `merchant_changed`.',
        params: ZMerchantIdParams,
        body: ZMerchantSaveBody,
        response: { 200: ZMerchantSaveResponse },
      },
    },
    async (request) => {
      const [profile, adminFields, version] = split(request.body);
      return merchants.save(await currentUser(request), {
        merchantId: request.params.id,
        profile,
        adminFields,
        version,
      });
    },
  );

  app.get(
    '/merchants/:id/images',
    {
      schema: {
        tags,
        summary: 'The merchant image, stored as 400×400; width and height ask for the optimal size',
        description:
          'Where the merchant’s image is (stored as 400×400 pixels): a list with its address, size and format, empty when the merchant has no image. With `width` and `height` the address asks the file server for the image in that size.',
        params: ZMerchantIdParams,
        querystring: ZMerchantImagesQuery,
        response: { 200: ZMerchantImagesResponse },
      },
    },
    async (request) => {
      const user = await currentUser(request);
      const { merchant } = await merchants.access(user, request.params.id);
      const stored = imageSrc(merchant.imagePath);
      const { width = MERCHANT_IMAGE_FORMAT.width, height = MERCHANT_IMAGE_FORMAT.height } =
        request.query;
      const asked = request.query.width !== undefined;
      const src = stored && asked ? sizedImageSrc(stored, { width, height }) : stored;
      return {
        images: src ? [{ src, width, height, format: `${width}x${height}` }] : [],
      };
    },
  );

  app.post(
    '/merchants/:id/images',
    {
      ...uploadRoute(imageMaxBytes, 'image_too_large'),
      schema: {
        tags,
        summary: 'Uploads the merchant image (multipart, file field "upload"; jpg, png or gif)',
        description:
          'Uploads the merchant’s image (jpg, png or gif); it is cropped to a square and stored as 400×400 pixels, replacing the one before. Needs the role manage-merchant for the merchant.',
        params: ZMerchantIdParams,
        consumes: ['multipart/form-data'],
        response: { 200: ZMerchantSaveResponse },
      },
    },
    async (request) => {
      const user = await currentUser(request);
      // Who asks is checked before the upload is read: the role and the please-upgrade rule.
      await merchants.checkImageUpload(user, request.params.id);
      return merchants.replaceImage(user, { merchantId: request.params.id, request });
    },
  );

  app.delete(
    '/merchants/:id/images',
    {
      schema: {
        tags,
        summary: 'Removes the merchant image',
        description:
          'Removes the merchant’s image. Needs the role manage-merchant for the merchant.',
        params: ZMerchantIdParams,
        response: { 200: ZMerchantSaveResponse },
      },
    },
    async (request) => merchants.removeImage(await currentUser(request), request.params.id),
  );

  app.get(
    '/merchants/:id/contacts',
    {
      schema: {
        tags,
        summary: 'The merchant’s contacts (type and value)',
        description:
          'The contacts of the merchant (each with a type such as e-mail or phone, and its value), as the consumer app shows them.',
        params: ZMerchantIdParams,
        response: { 200: ZMerchantContactsResponse },
      },
    },
    async (request) => {
      const user = await currentUser(request);
      const { merchant } = await merchants.access(user, request.params.id);
      return { contacts: merchant.contacts };
    },
  );
};
