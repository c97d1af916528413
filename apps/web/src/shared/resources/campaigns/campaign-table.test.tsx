// @vitest-environment jsdom
/**
 * The one campaign table as a user meets it: the columns a use chooses, each
 * campaign's title in the user's language or 'Ohne Titel' as a link, a
 * spinner while loading and the use's own text when there is nothing.
 */
import type { TCampaignRow } from '@backoffice/domain';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGermanTexts, renderWithApp } from '../../testing/render';
import { CampaignTable, useCampaignColumns, type CampaignTableProps } from './campaign-table';

const row = (uuid: string, title: TCampaignRow['title']): TCampaignRow => ({
  uuid,
  type: 'coupon/percent',
  title,
  current_status: 'submitted',
  phase: null,
  valid_from: null,
  valid_until: null,
  modified: '2026-01-02T10:00:00Z',
  editor: null,
  image: null,
  is_listable: true,
  is_unfinished: false,
  participations: 0,
  distinct_users: 0,
  view_list: 0,
  view_detail: 0,
  view_mail: 0,
  merchant: { uuid: 'm1', name: 'Bäckerei Korn' },
  preview_link: 'https://example.com/preview',
  rejection_reason: null,
});

const LABEL = 'Testkampagnen';
const EMPTY = 'Nichts zu prüfen.';

function Table({ query }: Pick<CampaignTableProps, 'query'>) {
  const common = useCampaignColumns();
  return (
    <CampaignTable
      query={query}
      columns={[
        common.merchant,
        common.title({ to: (r) => `/open/${r.uuid}`, withIdent: true }),
        common.status,
      ]}
      label={LABEL}
      rowTestId="test-row"
      emptyText={EMPTY}
    />
  );
}

beforeAll(async () => {
  await loadGermanTexts();
});

describe('CampaignTable', () => {
  it('shows the chosen columns with each title linked, untitled ones named so', () => {
    const rows = [row('c1', { de: 'Sommerfest', en: 'Summer party' }), row('c2', {})];
    renderWithApp(<Table query={{ data: { rows }, isPending: false }} />);
    const table = screen.getByRole('table', { name: LABEL });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Händler', 'Kampagne', 'Status']);
    const [first, second, ...more] = screen.getAllByTestId('test-row');
    expect(more).toEqual([]);
    expect(first?.getAttribute('data-campaign')).toBe('c1');
    const firstRow = within(first as HTMLElement);
    expect(firstRow.getByRole('link', { name: 'Sommerfest' })).toHaveProperty(
      'pathname',
      '/open/c1',
    );
    expect(firstRow.getByText('Bäckerei Korn')).toBeTruthy();
    expect(firstRow.getByText('Eingereicht')).toBeTruthy();
    expect(firstRow.getByText('c1')).toBeTruthy();
    expect(within(second as HTMLElement).getByRole('link', { name: 'Ohne Titel' })).toBeTruthy();
    expect(screen.queryByText(EMPTY)).toBeNull();
  });

  it("says the use's empty text when there are no rows, and only a spinner while loading", () => {
    const empty = renderWithApp(<Table query={{ data: { rows: [] }, isPending: false }} />);
    expect(screen.getByText(EMPTY)).toBeTruthy();
    empty.unmount();
    renderWithApp(<Table query={{ isPending: true }} />);
    expect(screen.getByLabelText('Wird geladen …')).toBeTruthy();
    expect(screen.queryByText(EMPTY)).toBeNull();
  });
});
