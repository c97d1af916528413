// @vitest-environment jsdom
/**
 * The merchant image as users pick it: its type is decided by its content,
 * as the campaign image step and the server decide it, not by the file's
 * name. A JPEG that Windows saved as ".jfif" (what Chrome and Edge name many
 * photos saved from the web), or a photo without an extension, is sent; a
 * file that is no image is refused before it is sent.
 */
import type { TMerchantDetail } from '@backoffice/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok } from '../../../shared/testing/msw/answers';
import { merchantHandlers } from '../../../shared/testing/msw/handlers/merchants';
import { mockApi } from '../../../shared/testing/msw/mock-api';
import { loadGermanTexts, renderWithApp } from '../../../shared/testing/render';
import { ImageCard } from './image-card';

const MERCHANT = '11111111-1111-4111-8111-111111111111';
const merchant = {
  uuid: MERCHANT,
  name: 'Bäckerei Sonnenschein',
  image: null,
} as unknown as TMerchantDetail;

/** The first bytes of a JPEG (SOI, APP0 "JFIF"). */
const JPEG_BYTES = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
]);

beforeAll(async () => {
  await loadGermanTexts('merchants');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the merchant image card', () => {
  for (const name of ['Foto vom Laden.jfif', 'logo']) {
    it(`sends a JPEG named "${name}" to the server instead of saying 'Ungültiges Bild-Format...'`, async () => {
      const api = mockApi([merchantHandlers.all(ok({ merchant }))]);
      const { container } = renderWithApp(<ImageCard merchant={merchant} canEdit />);
      const input = container.querySelector<HTMLInputElement>('input[type="file"]');
      expect(input).not.toBeNull();
      const file = new File([JPEG_BYTES], name, { type: 'image/jpeg' });
      fireEvent.change(input as HTMLInputElement, { target: { files: [file] } });
      await waitFor(() =>
        expect(api.callsTo('POST', `/merchants/${MERCHANT}/images`)).toHaveLength(1),
      );
      expect(screen.queryByText('Ungültiges Bild-Format...')).toBeNull();
    });
  }

  it('refuses a file that is no image, whatever it is named, without sending it', async () => {
    const api = mockApi([merchantHandlers.all(ok({ merchant }))]);
    const { container } = renderWithApp(<ImageCard merchant={merchant} canEdit />);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    const file = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.png', {
      type: 'image/png',
    });
    fireEvent.change(input as HTMLInputElement, { target: { files: [file] } });
    expect(await screen.findByText('Ungültiges Bild-Format...')).toBeTruthy();
    expect(api.callsTo('POST', `/merchants/${MERCHANT}/images`)).toHaveLength(0);
  });
});
