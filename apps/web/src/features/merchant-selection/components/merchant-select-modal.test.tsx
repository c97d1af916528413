// @vitest-environment jsdom
/**
 * The merchant selection modal as a user meets it: the merchants the server
 * answered in a table, the filter asking for matching merchants, a click on
 * a name choosing that merchant, and a way out (close or sign out).
 */
import type { TMerchantListResponse, TMerchantListRow } from '@backoffice/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadGermanTexts, renderWithApp, testQueryClient } from '../../../shared/testing/render';
import { merchantsQueryOptions } from '../../../shared/resources/merchants/get-merchants';
import { MerchantSelectModal, type MerchantSelectModalProps } from './merchant-select-modal';

const merchant = (uuid: string, name: string, brand: string, level: number): TMerchantListRow => ({
  uuid,
  name,
  brand_name: brand,
  level,
  is_valid: true,
  errors: [],
  image: null,
  roles: ['manage-merchant', 'manage-campaigns', 'manage-accounts', 'contact'],
  internal_name: null,
  campaign_count: 3,
});
const SONNENSCHEIN = merchant(
  '11111111-1111-4111-8111-111111111111',
  'Bäckerei Sonnenschein GmbH',
  'Bäckerei Sonnenschein',
  0,
);
const SILBERBLICK = merchant(
  '22222222-2222-4222-8222-222222222222',
  'Café Silberblick KG',
  'Café Silberblick',
  1,
);
const page = (rows: TMerchantListRow[]): TMerchantListResponse => ({
  rows,
  pager: { links: [], entries_per_page: 10, total_entries: rows.length },
});

/** The modal with the server's answers already in the cache: all merchants, and those matching "Silber". */
function renderModal(props: Partial<MerchantSelectModalProps> = {}) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(
    merchantsQueryOptions({ page: 1 }).queryKey,
    page([SONNENSCHEIN, SILBERBLICK]),
  );
  queryClient.setQueryData(
    merchantsQueryOptions({ page: 1, filter: 'Silber' }).queryKey,
    page([SILBERBLICK]),
  );
  const handlers = {
    onClose: vi.fn(),
    onSelect: vi.fn(),
    onCreate: vi.fn(),
    onSignOut: vi.fn(),
  };
  renderWithApp(
    <MerchantSelectModal
      opened
      closable={false}
      searchType="select"
      currentMerchantId={SONNENSCHEIN.uuid}
      {...handlers}
      {...props}
    />,
    { queryClient },
  );
  return handlers;
}

const dialog = () => within(screen.getByRole('dialog', { name: 'Händler auswählen' }));
const table = () => within(dialog().getByRole('table', { name: 'Händler' }));

beforeAll(async () => {
  await loadGermanTexts();
});

describe('MerchantSelectModal', () => {
  it('lists the merchants with brand name and level, the current one marked', () => {
    renderModal();
    const rows = table().getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Bäckerei Sonnenschein GmbHAktuellBäckerei SonnenscheinBasic',
      'Café Silberblick KGCafé SilberblickSilber',
    ]);
    expect(rows[0]?.getAttribute('aria-current')).toBe('true');
    expect(rows[1]?.getAttribute('aria-current')).toBeNull();
  });

  it('shows the merchants matching what is typed into the filter', async () => {
    renderModal();
    await userEvent.type(dialog().getByRole('textbox', { name: 'Händler filtern' }), 'Silber');
    expect(
      await table().findByRole('button', { name: 'Café Silberblick KG auswählen' }),
    ).toBeTruthy();
    expect(table().queryByRole('button', { name: /Bäckerei Sonnenschein/ })).toBeNull();
  });

  it('chooses the merchant whose name is clicked', async () => {
    const { onSelect } = renderModal();
    await userEvent.click(table().getByRole('button', { name: 'Café Silberblick KG auswählen' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect).toHaveBeenCalledWith(SILBERBLICK);
  });

  it('offers signing out while no merchant is chosen, and no close button', async () => {
    const { onSignOut } = renderModal({ closable: false });
    expect(dialog().queryByRole('button', { name: 'Schließen' })).toBeNull();
    await userEvent.click(dialog().getByRole('button', { name: 'Abmelden' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('closes with its close button when switching merchants, and offers creating one', async () => {
    const { onClose, onCreate } = renderModal({ closable: true });
    expect(dialog().queryByRole('button', { name: 'Abmelden' })).toBeNull();
    await userEvent.click(dialog().getByRole('button', { name: 'Neuen Händler anlegen' }));
    expect(onCreate).toHaveBeenCalledTimes(1);
    await userEvent.click(dialog().getByRole('button', { name: 'Schließen' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
