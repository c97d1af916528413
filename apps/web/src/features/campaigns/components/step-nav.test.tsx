// @vitest-environment jsdom
/**
 * The wizard's step navigation as a user meets it: every step listed under
 * "Schritte" with its mark, the current one marked, requireddata saying it is
 * not available below level 1, and a click opening the step's page.
 */
import type { CampaignFamily, CampaignStep, TCampaignEnvelope } from '@backoffice/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGermanTexts, renderWithApp } from '../../../shared/testing/render';
import { StepNav } from './step-nav';

const MERCHANT = '11111111-1111-4111-8111-111111111111';
const CAMPAIGN = '22222222-2222-4222-8222-222222222222';

/** What StepNav reads of an envelope: ids and state (the rest of the campaign plays no part). */
function envelope(state: Partial<TCampaignEnvelope['state']> = {}): TCampaignEnvelope {
  return {
    campaign: { uuid: CAMPAIGN } as TCampaignEnvelope['campaign'],
    merchant: {
      uuid: MERCHANT,
      name: 'Café Silberblick KG',
      brand_name: 'Café Silberblick',
      level: 0,
      is_valid: true,
      errors: [],
      image: null,
      roles: ['manage-campaigns'],
    },
    allow_edit: true,
    coreg: { available: false, default_suitable: false },
    state: { errors: [], submitted: {}, is_unfinished: true, ...state },
  };
}

function renderNav(
  props: { current?: CampaignStep; family?: CampaignFamily; level?: number } = {},
  value = envelope(),
) {
  const family = props.family ?? 'coupon';
  return renderWithApp(
    <StepNav
      envelope={value}
      family={family}
      current={props.current ?? 'benefit'}
      merchantLevel={props.level ?? 0}
    />,
    { url: `/${MERCHANT}/campaigns/${family}/${CAMPAIGN}`, route: '*' },
  );
}

const steps = () => within(screen.getByRole('navigation', { name: 'Schritte' }));
const step = (name: string) => steps().getByRole('link', { name: new RegExp(`^${name}`) });

beforeAll(async () => {
  await loadGermanTexts('campaigns');
});

describe('StepNav', () => {
  it('lists the six steps of a coupon in order under "Schritte"', () => {
    renderNav();
    const names = steps()
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual([
      'Vorteiloffen',
      'Beschreibungoffen',
      'Bildoffen',
      'Ablaufoffen',
      'FormularDieser Schritt ist nicht verfügbar',
      'Übersichtoffen',
    ]);
  });

  it('names the steps by family: a sweepstake’s benefit is its prize, a tip’s content its tags', () => {
    const sweepstake = renderNav({ family: 'sweepstake' });
    expect(step('Gewinn')).toBeTruthy();
    sweepstake.unmount();
    renderNav({ family: 'tip' });
    expect(step('Tags')).toBeTruthy();
  });

  it('marks the current step, and only that one', () => {
    renderNav({ current: 'image' });
    expect(step('Bild').getAttribute('aria-current')).toBe('page');
    const others = steps()
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(others).toHaveLength(1);
  });

  it('shows each step as faulty, finished or open, and the review finished once nothing is missing', () => {
    renderNav(
      {},
      envelope({
        submitted: { benefit: true, content: true },
        errors: [{ step: 'content', fld: 'title', message: 'Pflichtfeld' }],
        is_unfinished: false,
      }),
    );
    expect(within(step('Vorteil')).getByText('fertig')).toBeTruthy();
    expect(within(step('Beschreibung')).getByText('fehlerhaft')).toBeTruthy();
    expect(within(step('Bild')).getByText('offen')).toBeTruthy();
    expect(within(step('Übersicht')).getByText('fertig')).toBeTruthy();
  });

  it('says the form step is not available below level 1, and offers it from level 1', () => {
    const levelZero = renderNav({ level: 0 });
    expect(within(step('Formular')).getByText('Dieser Schritt ist nicht verfügbar')).toBeTruthy();
    levelZero.unmount();
    renderNav({ level: 1 });
    expect(step('Formular').textContent).toBe('Formularoffen');
  });

  it('opens a step’s page when it is clicked', async () => {
    const rendered = renderNav({ current: 'benefit' });
    await userEvent.click(step('Bild'));
    expect(rendered.location().pathname).toBe(`/${MERCHANT}/campaigns/coupon/${CAMPAIGN}/image`);
  });
});
