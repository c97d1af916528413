/**
 * Demo activity for `npm start`: campaigns of every type and status for some
 * demo merchants, with images, and months of participations and views sent
 * through the real ingest service (so counters and rollups are what the
 * product would have), then the draws of ended sweepstakes. Created once;
 * reproducible (a seeded pseudo-random sequence, not for anything secret).
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import {
  CAMPAIGN_IMAGE_FORMAT,
  emptyCampaignContent,
  type CampaignStatus,
  type CampaignType,
  type TCampaignContent,
} from '@backoffice/domain';
import type { AppContext } from '../app-context.js';
import {
  campaigns,
  campaignStatusHistory,
  merchants,
  systemSettings,
  users,
} from '../db/schema.js';
import { loadSharp } from '../files/images.js';
import { newImageKey } from '../files/storage.js';
import { validationColumns } from '../modules/campaigns/index.js';
import { runDueDraws } from '../modules/draws/index.js';
import { foldPending, ingestEvents } from '../modules/ingest/index.js';

const SEEDED_KEY = 'demo_activity_seeded_at';
const DAY = 24 * 3600_000;

/** mulberry32: a small seeded generator, so that the demo looks the same every time. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface DemoCampaign {
  type: CampaignType;
  status: CampaignStatus;
  title: string;
  /** Days from today: start and end of the runtime. */
  from: number;
  until: number;
  colour: string;
}

const PLAN: Record<string, DemoCampaign[]> = {
  'Bäckerei Sonnenschein': [
    {
      type: 'coupon/percent',
      status: 'active',
      title: '10 % auf alle Brote',
      from: -40,
      until: 50,
      colour: '#c9822b',
    },
    {
      type: 'sweepstake/standard',
      status: 'ended',
      title: 'Osterkorb-Gewinnspiel',
      from: -150,
      until: -100,
      colour: '#e0b13a',
    },
    {
      type: 'coupon/m_for_n',
      status: 'ended',
      title: '3 Brezeln zum Preis von 2',
      from: -120,
      until: -60,
      colour: '#8c5a2b',
    },
    {
      type: 'coupon/free',
      status: 'approved',
      title: 'Gratis-Kaffee zum Frühstück',
      from: 10,
      until: 70,
      colour: '#6b4226',
    },
    {
      type: 'coupon/absolute',
      status: 'submitted',
      title: '2 € Rabatt auf Torten',
      from: 5,
      until: 40,
      colour: '#d4a373',
    },
    {
      type: 'coupon/offer',
      status: 'created',
      title: 'Sonntagsbrötchen-Angebot',
      from: 14,
      until: 60,
      colour: '#f4a261',
    },
    {
      type: 'sweepstake/standard',
      status: 'rejected',
      title: 'Brotbackkurs gewinnen',
      from: 20,
      until: 50,
      colour: '#bc6c25',
    },
  ],
  'Café Silberblick': [
    {
      type: 'sweepstake/standard',
      status: 'active',
      title: 'Kaffeemaschine gewinnen',
      from: -60,
      until: 30,
      colour: '#6c757d',
    },
    {
      type: 'coupon/offer',
      status: 'ended',
      title: 'Cappuccino für 2,50 €',
      from: -170,
      until: -90,
      colour: '#adb5bd',
    },
    {
      type: 'coupon/percent',
      status: 'start_review',
      title: '20 % auf Kuchen',
      from: 7,
      until: 37,
      colour: '#495057',
    },
    {
      type: 'coupon/free',
      status: 'created',
      title: 'Gratis-Keks zum Kaffee',
      from: 3,
      until: 33,
      colour: '#343a40',
    },
  ],
  'Modehaus Adler': [
    {
      type: 'coupon/percent',
      status: 'active',
      title: 'Sommerschlussverkauf: 30 %',
      from: -20,
      until: 20,
      colour: '#1d3557',
    },
    {
      type: 'tip/offer',
      status: 'active',
      title: 'Tipp: Jeans der Saison',
      from: -30,
      until: 60,
      colour: '#457b9d',
    },
    {
      type: 'tip/sweepstake',
      status: 'ended',
      title: 'Tipp-Gewinnspiel: Einkaufsgutschein',
      from: -100,
      until: -40,
      colour: '#a8dadc',
    },
    {
      type: 'tip/standard',
      status: 'created',
      title: 'Tipp: Stilberatung',
      from: 10,
      until: 40,
      colour: '#e63946',
    },
    {
      type: 'tip/generic',
      status: 'approved',
      title: 'Tipp: Neue Kollektion',
      from: 15,
      until: 75,
      colour: '#f1faee',
    },
  ],
};

const DESCRIPTION =
  'Machen Sie mit bei unserer Aktion und sichern Sie sich einen Vorteil, den es nur in der App gibt. ' +
  'Die Aktion gilt in allen teilnehmenden Filialen, solange der Vorrat reicht. Eine Barauszahlung ist ' +
  'nicht möglich. Wir freuen uns auf Ihren Besuch!';

function contentFor(plan: DemoCampaign, from: Date, until: Date): TCampaignContent {
  const content = emptyCampaignContent();
  content.title = { de: plan.title };
  content.description = { de: `<p>${DESCRIPTION}</p>` };
  content.valid_from = from.toISOString();
  content.valid_until = until.toISOString();
  if (plan.type.startsWith('tip/')) content.tags = ['mode', 'tipp'];
  switch (plan.type) {
    case 'sweepstake/standard':
    case 'tip/sweepstake':
      content.prizes = [
        {
          count: 1,
          value: 29_900,
          name: 'Hauptpreis',
          short_description: '',
          win_needs_response: true,
          winner_instructions: 'Bitte melden Sie sich in der Filiale.',
          redemption: 'store_pickup',
        },
        {
          count: 5,
          value: 2_000,
          name: 'Gutschein über 20 €',
          short_description: '',
          win_needs_response: false,
          winner_instructions: '',
          redemption: 'download',
        },
      ];
      break;
    case 'coupon/percent':
      content.benefit.percent_discount = 10;
      break;
    case 'coupon/absolute':
      content.benefit.abs_discount = 200;
      content.benefit.original_value = 2_490;
      break;
    case 'coupon/free':
      content.benefit.original_value = 290;
      break;
    case 'coupon/m_for_n':
      content.benefit.get_m = 3;
      content.benefit.pay_n = 2;
      break;
    case 'coupon/offer':
    case 'tip/offer':
      content.benefit.original_value = 390;
      content.benefit.discounted_value = 250;
      break;
    default:
      break;
  }
  if (plan.type.startsWith('coupon/')) content.coupon.redemption = 'offline';
  return content;
}

async function demoImage(colour: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp({
    create: {
      width: CAMPAIGN_IMAGE_FORMAT.width,
      height: CAMPAIGN_IMAGE_FORMAT.height,
      channels: 3,
      background: colour,
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Creates the demo activity unless it exists. Returns true when it created it. */
export async function seedDemoActivity(ctx: AppContext, now = new Date()): Promise<boolean> {
  const [seeded] = await ctx.db
    .select()
    .from(systemSettings)
    .where(eq(systemSettings.key, SEEDED_KEY));
  if (seeded) return false;
  const random = generator(20_261_123);
  const merchantRows = await ctx.db
    .select({ id: merchants.id, brandName: merchants.brandName })
    .from(merchants)
    .where(inArray(merchants.brandName, Object.keys(PLAN)));
  const [editor] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'admin@example.com'));
  const running: { id: string; from: Date; until: Date; pool: string[] }[] = [];
  for (const merchant of merchantRows) {
    const plans = PLAN[merchant.brandName ?? ''] ?? [];
    const pool = Array.from({ length: 300 }, (_, i) => `demo-${merchant.id.slice(0, 8)}-${i}`);
    for (const plan of plans) {
      const id = randomUUID();
      const from = new Date(now.getTime() + plan.from * DAY);
      const until = new Date(now.getTime() + plan.until * DAY);
      const imagePath = newImageKey('campaigns', id, 'jpg');
      await ctx.files.put(imagePath, await demoImage(plan.colour));
      const columns = {
        type: plan.type,
        title: { de: plan.title },
        content: contentFor(plan, from, until),
        validFrom: from,
        validUntil: until,
        imagePath,
      };
      await ctx.db.transaction(async (tx) => {
        await tx.insert(campaigns).values({
          ...columns,
          ...validationColumns(columns),
          id,
          merchantId: merchant.id,
          status: plan.status,
          imageExtension: 'jpg',
          stepsSaved: Object.fromEntries(
            ['benefit', 'content', 'image', 'handling', 'requireddata', 'review'].map((step) => [
              step,
              true,
            ]),
          ),
          editorId: editor?.id ?? null,
          createdAt: new Date(from.getTime() - 14 * DAY),
          modifiedAt: new Date(Math.min(now.getTime(), from.getTime() - DAY)),
        });
        await tx.insert(campaignStatusHistory).values({
          campaignId: id,
          toStatus: plan.status,
          userId: editor?.id ?? null,
          reason: 'demo',
        });
      });
      if (plan.status === 'active' || plan.status === 'ended')
        running.push({ id, from, until, pool });
    }
  }

  for (const campaign of running) {
    const end = Math.min(campaign.until.getTime(), now.getTime());
    const days = Math.max(1, Math.round((end - campaign.from.getTime()) / DAY));
    const events: object[] = [];
    for (let day = 0; day < days; day += 1) {
      // A weekly rhythm: more on Saturdays and Sundays.
      const date = new Date(campaign.from.getTime() + day * DAY);
      const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6 ? 2 : 1;
      const count = Math.round((2 + random() * 6) * weekend);
      for (let i = 0; i < count; i += 1) {
        const at = new Date(date.getTime() + random() * DAY);
        if (at.getTime() > end) continue;
        const person = campaign.pool[Math.floor(random() ** 1.5 * campaign.pool.length)] ?? 'demo';
        const index = Number(person.split('-').pop());
        const kids =
          index % 3 === 0
            ? []
            : Array.from({ length: 1 + (index % 2) }, (_, k) => ({
                gender: (index + k) % 2 === 0 ? ('female' as const) : ('male' as const),
                birth_year: now.getUTCFullYear() - 1 - ((index * 7 + k * 3) % 14),
              }));
        events.push({
          id: randomUUID(),
          type: 'participation',
          campaign: campaign.id,
          participant: person,
          occurred_at: at.toISOString(),
          profile: {
            gender: index % 5 === 0 ? null : index % 2 === 0 ? 'female' : 'male',
            birth_year: 1955 + (index % 45),
            kids,
          },
        });
        for (const [type, share] of [
          ['view_list', 3],
          ['view_detail', 1.5],
          ['view_mail', 0.3],
        ] as const) {
          const views = Math.floor(share + random());
          for (let v = 0; v < views; v += 1) {
            events.push({
              id: randomUUID(),
              type,
              campaign: campaign.id,
              occurred_at: at.toISOString(),
            });
          }
        }
      }
    }
    for (let start = 0; start < events.length; start += 500) {
      await ingestEvents(ctx, events.slice(start, start + 500));
    }
  }
  await foldPending(ctx.db);
  await runDueDraws(ctx, now);
  await ctx.db.insert(systemSettings).values({ key: SEEDED_KEY, value: now.toISOString() });
  return true;
}
