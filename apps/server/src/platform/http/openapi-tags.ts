/**
 * The tags of the OpenAPI document: one per screen of the product (or per
 * kind of caller), each with a description, in the order the documentation
 * shows them, and grouped by `x-tagGroups` (Redoc's navigation). Every
 * operation names one of these tags (Redocly's `operation-tag-defined`, and
 * test/cross-cutting/openapi-content.test.ts).
 */

interface ApiTag {
  name: string;
  description: string;
}

interface ApiTagGroup {
  name: string;
  tags: ApiTag[];
}

export const API_TAG_GROUPS: ApiTagGroup[] = [
  {
    name: 'Campaigns',
    tags: [
      {
        name: 'campaigns',
        description:
          'The screen "Kampagnen": a merchant’s campaigns (coupons, sweepstakes, tips and the other types), their content, image, status and its history, follow-ups, the links between campaigns, and the codes of a campaign that hands out one code per participant.',
      },
      {
        name: 'review',
        description:
          'The admins’ review of submitted campaigns: the queue, starting a review, approving and rejecting with a reason.',
      },
      {
        name: 'draws',
        description:
          'Winner draws of sweepstakes: the draw of a campaign, its candidates, and drawing the winners.',
      },
      {
        name: 'statistics',
        description:
          'The dashboard ("Übersicht") and statistics of a merchant: participations, views and users per period, and per campaign.',
      },
    ],
  },
  {
    name: 'Merchants',
    tags: [
      {
        name: 'merchants',
        description:
          'The merchant screens ("Händlerliste", "Händler" → "Profil"): the merchants the caller may see, their profile, image and contacts.',
      },
      {
        name: 'accounts',
        description:
          'The people of a merchant ("Accounts"): accounts and their roles, invitations, and resetting an account’s two-factor sign-in.',
      },
      {
        name: 'notifications',
        description:
          'Which mails the accounts of a merchant receive ("Benachrichtigungen"): each account its own, managers all.',
      },
      {
        name: 'locations',
        description:
          'The locations ("Standorte") of a merchant: one at a time, or many at once from a CSV file (an import job).',
      },
      {
        name: 'access-code-sets',
        description:
          'Access-code sets ("Zugangscode-Sets", for admins): sets of codes that unlock campaigns in the consumer app, their codes, the campaigns they are linked with and their use.',
      },
      {
        name: 'webhooks',
        description:
          'The screen "Webhooks": endpoints of a merchant or of the admins, their signing secret, deliveries, test and resend (see "Webhooks" in docs/api.md).',
      },
      {
        name: 'api-tokens',
        description:
          'Integrator tokens ("API-Zugänge") of a merchant: tokens bound to the merchant, to roles and to read or write access.',
      },
    ],
  },
  {
    name: 'Signed-in person',
    tags: [
      {
        name: 'session',
        description:
          'The caller’s session: starting it after sign-in, fresh tokens, whether the caller may act for a merchant, and logout.',
      },
      {
        name: 'my-account',
        description: 'The caller’s own password.',
      },
      {
        name: 'my-sessions',
        description:
          'The screen "Angemeldete Geräte": the caller’s signed-in devices (sessions), and signing them out.',
      },
      {
        name: 'two-factor',
        description:
          'Two-factor sign-in of the caller (set-up, confirmation, recovery codes, turning it off), and its reset by admins.',
      },
      {
        name: 'search',
        description: 'The site search of the header and the tags of tip campaigns.',
      },
    ],
  },
  {
    name: 'Consumer app',
    tags: [
      {
        name: 'ingest',
        description:
          'The consumer app’s calls with an API key: events (participations, views, handled wins, code uses), the winners of draws, and the erasure of a participant (see "The consumer app" in docs/api.md).',
      },
    ],
  },
  {
    name: 'Administration',
    tags: [
      {
        name: 'api-keys',
        description: 'The API keys of the consumer app ("API-Schlüssel"), for admins.',
      },
      {
        name: 'jobs',
        description:
          'The admins’ screen "Hintergrundaufgaben": the job queues and retrying failed jobs.',
      },
      {
        name: 'system',
        description:
          'Health and readiness of the server for load balancers and orchestrators, and the web app’s runtime configuration.',
      },
    ],
  },
];

/** The document's `tags`, in the order of the groups. */
export const API_TAGS: ApiTag[] = API_TAG_GROUPS.flatMap((group) => group.tags);

/** The document's `x-tagGroups` (names only, as Redoc reads them). */
export const API_X_TAG_GROUPS = API_TAG_GROUPS.map((group) => ({
  name: group.name,
  tags: group.tags.map((tag) => tag.name),
}));
