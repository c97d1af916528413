/** The description step, read-only: the texts of every language as they will be shown. */
import type { TCampaign } from '@backoffice/domain';
import { Anchor, Badge, Group, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from '../content/description.module.css';
import { renderDescription } from '../content/render-description';
import { Fact, SummaryTable } from './summary-table';

export function ContentSummary({ campaign }: { campaign: TCampaign }) {
  const { t } = useTranslation();
  const locales = [
    ...new Set([...Object.keys(campaign.title), ...Object.keys(campaign.description)]),
  ].sort((a, b) => (a === 'de' ? -1 : b === 'de' ? 1 : a.localeCompare(b)));
  const languages = locales.length > 0 ? locales : ['de'];
  return (
    <SummaryTable>
      {languages.map((locale) => {
        const suffix = languages.length > 1 ? ` (${locale.toUpperCase()})` : '';
        const description = campaign.description[locale] ?? '';
        return [
          <Fact key={`title-${locale}`} label={t('campaigns.wizard.content.title') + suffix}>
            {campaign.title[locale]}
          </Fact>,
          <Fact
            key={`short-${locale}`}
            label={t('campaigns.wizard.content.shortDescription') + suffix}
          >
            {campaign.short_description[locale]}
          </Fact>,
          <Fact key={`desc-${locale}`} label={t('campaigns.wizard.content.description') + suffix}>
            {description && (
              <div
                className={classes.rendered}
                data-testid="summary-description"
                // Sanitised by renderDescription (DOMPurify).
                dangerouslySetInnerHTML={{
                  __html: renderDescription(description, campaign.description_format),
                }}
              />
            )}
          </Fact>,
        ];
      })}
      <Fact label={t('campaigns.wizard.content.rules')}>
        {campaign.rules.length > 0 && (
          <List size="sm">
            {campaign.rules.map((rule, index) => (
              <List.Item key={index}>{rule}</List.Item>
            ))}
          </List>
        )}
      </Fact>
      <Fact label={t('campaigns.wizard.content.landingPage')}>
        {campaign.landing_page && (
          <Anchor href={campaign.landing_page} target="_blank" rel="noopener noreferrer">
            {campaign.landing_page}
          </Anchor>
        )}
      </Fact>
      <Fact label={t('campaigns.wizard.content.thankYouText')}>
        {campaign.thank_you_text && <Text size="sm">{campaign.thank_you_text}</Text>}
      </Fact>
      <Fact label={t('campaigns.wizard.content.points')}>{campaign.points ?? ''}</Fact>
      <Fact label={t('campaigns.wizard.content.tags')}>
        {campaign.tags.length > 0 && (
          <Group gap={4}>
            {campaign.tags.map((tag) => (
              <Badge key={tag} variant="light">
                {tag}
              </Badge>
            ))}
          </Group>
        )}
      </Fact>
    </SummaryTable>
  );
}
