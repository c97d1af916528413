/**
 * /{merchantIdent}/campaigns/view-in-app/{campaignIdent} (spec §2): the
 * campaign as the consumer app shows it, as a list tile and as a detail
 * view. The description keeps its formatting (bold, lists, headings,
 * links), rendered from either format and sanitised by DOMPurify as in the
 * wizard's preview; the list tile's benefit badge wraps instead of being cut
 * off.
 */
import { campaignFamily, canUseTips, type TCampaign } from '@backoffice/domain';
import {
  Badge,
  Button,
  Card,
  Group,
  Image,
  List,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { useConfig } from '../../../shared/config/runtime-config';
import { formatDate, formatDateTime } from '../../../shared/format/date-time';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { useCampaign } from '../api/get-campaign';
import { CampaignLoadState } from '../components/campaign-load-state';
import { benefitSummary } from '../benefit-summary';
import { localisedText } from '../../../shared/format/localised-text';
import { campaignTitle } from '../../../shared/resources/campaigns/campaign-title';
import { AppCoregPreview } from '../components/app-coreg-preview';
import { CampaignThumbnail } from '../components/campaign-thumbnail';
import classes from '../wizard/content/description.module.css';
import { renderDescription } from '../wizard/content/render-description';

function imageOf(campaign: TCampaign): string | undefined {
  return campaign.image?.src ?? campaign.images[0]?.src;
}

export function ViewInAppPage() {
  const { t, i18n } = useTranslation();
  const { currency } = useConfig();
  const { merchantIdent = '', campaignIdent = '' } = useParams();
  const { user } = useSession();
  const query = useCampaign(campaignIdent);

  if (!query.data) {
    return <CampaignLoadState query={query} merchantIdent={merchantIdent} />;
  }

  const { campaign, merchant } = query.data;
  const family = campaignFamily(campaign.type);
  if (family === 'tip' && user && !canUseTips(user)) {
    return <Navigate to={paths.pleaseUpgrade('agency')} replace />;
  }
  const language = i18n.language;
  const title = campaignTitle(campaign.title, language, t);
  const shortDescription = localisedText(campaign.short_description, language);
  const description = renderDescription(
    localisedText(campaign.description, language),
    campaign.description_format,
  );
  const benefit = benefitSummary(t, campaign, currency);
  const src = imageOf(campaign);
  const rules = campaign.rules.filter((rule) => rule.trim() !== '');

  return (
    <Stack gap="md" py="md">
      <Group justify="space-between">
        <Title order={1}>{t('campaigns.app.title')}</Title>
        <Button
          component={Link}
          to={paths.campaigns.review({ merchantIdent, campaignIdent }, family)}
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {t('campaigns.steps.review')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="xs" component="section" aria-labelledby="app-tile">
          <Title order={2} size="h4" id="app-tile">
            {t('campaigns.app.listTile')}
          </Title>
          <Card withBorder radius="md" padding="sm" maw={380} data-testid="app-tile">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <CampaignThumbnail src={src} title={title} width={120} />
              <Stack gap={4} miw={0}>
                <Text fw={700} lineClamp={2}>
                  {title}
                </Text>
                <Text size="xs" c="dimmed">
                  {merchant.brand_name ?? merchant.name}
                </Text>
                {shortDescription && (
                  <Text size="sm" lineClamp={2}>
                    {shortDescription}
                  </Text>
                )}
                {benefit && (
                  // Whole, however long: the label wraps inside the tile instead of being cut off.
                  <Badge
                    variant="light"
                    color="teal"
                    radius="md"
                    // The theme keeps badges at their full width (app/theme.ts); this one wraps
                    // its words within the tile instead. Inline: a CSS file of the page's own
                    // would cost the first load a line of the preload map.
                    styles={{
                      root: {
                        minWidth: 0,
                        maxWidth: '100%',
                        height: 'auto',
                        minHeight: 'var(--badge-height)',
                        paddingBlock: 2,
                        lineHeight: 1.35,
                      },
                      label: {
                        whiteSpace: 'normal',
                        overflow: 'visible',
                        textOverflow: 'clip',
                        overflowWrap: 'anywhere',
                        textAlign: 'start',
                      },
                    }}
                    style={{ alignSelf: 'flex-start' }}
                    data-testid="app-tile-benefit"
                  >
                    {benefit}
                  </Badge>
                )}
              </Stack>
            </Group>
          </Card>
        </Stack>

        <Stack gap="xs" component="section" aria-labelledby="app-detail">
          <Title order={2} size="h4" id="app-detail">
            {t('campaigns.app.detail')}
          </Title>
          <Card withBorder radius="md" padding={0} maw={420} data-testid="app-detail">
            {src ? (
              <Image src={src} alt={t('campaigns.app.imageAlt', { title })} fit="cover" h={280} />
            ) : (
              <Card.Section p="md">
                <CampaignThumbnail src={undefined} title={title} width={388} />
              </Card.Section>
            )}
            <Stack gap="sm" p="md">
              <Text size="xs" c="dimmed">
                {merchant.brand_name ?? merchant.name}
              </Text>
              <Title order={3}>{title}</Title>
              {benefit && (
                <Text fw={700} c="teal.8" size="lg">
                  {benefit}
                </Text>
              )}
              {(campaign.valid_from || campaign.valid_until) && (
                <Text size="sm" c="dimmed">
                  {t('campaigns.app.runtime', {
                    from: formatDateTime(campaign.valid_from) || t('campaigns.values.none'),
                    until: formatDateTime(campaign.valid_until) || t('campaigns.values.none'),
                  })}
                </Text>
              )}
              {family === 'coupon' && campaign.coupon.expiry && (
                <Text size="sm" c="dimmed">
                  {t('campaigns.app.couponExpiry', { date: formatDate(campaign.coupon.expiry) })}
                </Text>
              )}
              {shortDescription && <Text fw={500}>{shortDescription}</Text>}
              {description && (
                <Text
                  component="div"
                  size="sm"
                  className={classes.rendered}
                  data-testid="app-description"
                  // Sanitised by DOMPurify in renderDescription.
                  dangerouslySetInnerHTML={{ __html: description }}
                />
              )}
              {rules.length > 0 && (
                <div>
                  <Text fw={600} size="sm" mb={4}>
                    {t('campaigns.app.rules')}
                  </Text>
                  <List size="sm">
                    {rules.map((rule, index) => (
                      <List.Item key={index}>{rule}</List.Item>
                    ))}
                  </List>
                </div>
              )}
              <AppCoregPreview envelope={query.data} />
            </Stack>
          </Card>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

export { ViewInAppPage as Component };
