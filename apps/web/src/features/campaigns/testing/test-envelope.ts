/**
 * A campaign envelope as the server answers it, for the campaign screens'
 * component tests: a new coupon of a level-1 merchant whose steps were never
 * saved, editable. A test changes what it is about. Only test files import this.
 */
import { emptyCampaignContent, type TCampaign, type TCampaignEnvelope } from '@backoffice/domain';

export const TEST_MERCHANT = '11111111-1111-4111-8111-111111111111';
export const TEST_CAMPAIGN = '22222222-2222-4222-8222-222222222222';

export function testEnvelope(
  overrides: {
    campaign?: Partial<TCampaign>;
    state?: Partial<TCampaignEnvelope['state']>;
    allow_edit?: boolean;
  } = {},
): TCampaignEnvelope {
  const { title, ...content } = emptyCampaignContent();
  return {
    campaign: {
      ...content,
      uuid: TEST_CAMPAIGN,
      type: 'coupon/percent',
      title,
      current_status: 'created',
      phase: null,
      modified: '2030-01-01T10:00:00.000Z',
      editor: null,
      image: null,
      is_listable: false,
      is_unfinished: true,
      participations: 0,
      distinct_users: 0,
      view_list: 0,
      view_detail: 0,
      view_mail: 0,
      merchant: { uuid: TEST_MERCHANT, name: 'Café Silberblick KG' },
      preview_link: '',
      rejection_reason: null,
      images: [],
      campaign_image_extension: null,
      parent: null,
      followups: [],
      created: '2030-01-01T10:00:00.000Z',
      version: 1,
      ...overrides.campaign,
    },
    state: { errors: [], submitted: {}, is_unfinished: true, ...overrides.state },
    allow_edit: overrides.allow_edit ?? true,
    merchant: {
      uuid: TEST_MERCHANT,
      name: 'Café Silberblick KG',
      brand_name: 'Café Silberblick',
      level: 1,
      is_valid: true,
      errors: [],
      image: null,
      roles: ['manage-campaigns'],
    },
    coreg: { available: false, default_suitable: false },
  };
}
