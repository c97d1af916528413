/**
 * The description step (docs/product.md#the-campaign-wizard, docs/product.md#campaigns, docs/product.md#validation): per configured language the title,
 * short description and description; the description's format (markdown or
 * WYSIWYG, converted when switched); the terms of participation, landing
 * page, thank-you text and points; tags for tips.
 */
import {
  DEFAULT_CONTENT_LOCALE,
  DESCRIPTION_FORMATS,
  type TCampaign,
  type TCampaignContent,
  type TLocalised,
  CAMPAIGN_TEXT_LIMITS,
} from '@backoffice/domain';
import {
  Card,
  Input,
  NumberInput,
  SegmentedControl,
  Stack,
  Tabs,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../../shared/config/runtime-config';
import { notifyError } from '../../../../shared/ui/notify';
import { StepForm } from '../step-form';
import type { WizardStepProps } from '../step-props';
import { useStepForm } from '../use-step-form';
import { toInteger } from '../wizard-logic';
import { convertDescription } from './convert-description';
import { DescriptionInput } from './description-input';
import { RulesList } from './rules-list';
import { TagsField } from './tags-field';

type ContentDraft = Pick<
  TCampaignContent,
  | 'title'
  | 'short_description'
  | 'description'
  | 'description_format'
  | 'rules'
  | 'landing_page'
  | 'thank_you_text'
  | 'points'
  | 'tags'
>;

const read = (campaign: TCampaign): ContentDraft => ({
  title: campaign.title,
  short_description: campaign.short_description,
  description: campaign.description,
  description_format: campaign.description_format,
  rules: campaign.rules,
  landing_page: campaign.landing_page,
  thank_you_text: campaign.thank_you_text,
  points: campaign.points,
  tags: campaign.tags,
});

/** Texts without empty languages, so that an untouched language is not saved as ''. */
const compact = (texts: TLocalised): TLocalised =>
  Object.fromEntries(Object.entries(texts).filter(([, text]) => text !== ''));

const toPatch = (draft: ContentDraft) => ({
  title: compact(draft.title),
  short_description: compact(draft.short_description),
  description: compact(draft.description),
  description_format: draft.description_format,
  rules: draft.rules.map((rule) => rule.trim()).filter((rule) => rule !== ''),
  landing_page: draft.landing_page.trim(),
  thank_you_text: draft.thank_you_text,
  points: draft.points,
  tags: draft.tags,
});

const isFormat = (value: string): value is ContentDraft['description_format'] =>
  (DESCRIPTION_FORMATS as readonly string[]).includes(value);

export function ContentStep({ envelope, family }: WizardStepProps) {
  const { t } = useTranslation();
  const { availableLocales } = useConfig();
  const form = useStepForm<ContentDraft>({ envelope, step: 'content', read, toPatch });
  const { values } = form;
  const locales = [
    DEFAULT_CONTENT_LOCALE,
    ...availableLocales.filter((locale) => locale !== DEFAULT_CONTENT_LOCALE),
  ];

  // The description is converted, formatting kept, before the other editor shows it.
  const [converting, setConverting] = useState(false);
  const switchFormat = (value: string) => {
    const from = values.description_format;
    if (!isFormat(value) || value === from || converting) return;
    setConverting(true);
    Promise.all(
      Object.entries(values.description).map(
        async ([locale, text]) => [locale, await convertDescription(text, from, value)] as const,
      ),
    )
      .then((converted) =>
        form.setValues({ description_format: value, description: Object.fromEntries(converted) }),
      )
      .catch(() => notifyError(t('campaigns.wizard.content.convertFailed')))
      .finally(() => setConverting(false));
  };

  const languageName = (locale: string) =>
    locale === 'de' || locale === 'en' ? t(`languages.${locale}`) : locale;

  const texts = (locale: string) => {
    // The default language's title and description are required.
    const required = locale === DEFAULT_CONTENT_LOCALE;
    return (
      <Stack gap="md" pt="md">
        <TextInput
          {...form.getInputProps(`title.${locale}`, { required })}
          value={values.title[locale] ?? ''}
          label={t('campaigns.wizard.content.title')}
          maxLength={CAMPAIGN_TEXT_LIMITS.title}
        />
        <Textarea
          {...form.getInputProps(`short_description.${locale}`)}
          value={values.short_description[locale] ?? ''}
          label={t('campaigns.wizard.content.shortDescription')}
          autosize
          minRows={2}
          maxLength={CAMPAIGN_TEXT_LIMITS.short_description}
        />
        <DescriptionInput
          key={`${locale}-${values.description_format}`}
          label={t('campaigns.wizard.content.description')}
          format={values.description_format}
          field={form.getInputProps(`description.${locale}`, { required })}
          readOnly={form.readOnly}
          busy={form.saving}
        />
      </Stack>
    );
  };

  return (
    <StepForm form={form}>
      <Input.Wrapper label={t('campaigns.wizard.content.format')}>
        <div>
          <SegmentedControl
            value={values.description_format}
            onChange={switchFormat}
            data={DESCRIPTION_FORMATS.map((format) => ({
              value: format,
              label: t(`campaigns.wizard.content.formats.${format}`),
            }))}
          />
        </div>
      </Input.Wrapper>
      {locales.length === 1 ? (
        texts(DEFAULT_CONTENT_LOCALE)
      ) : (
        <Tabs defaultValue={DEFAULT_CONTENT_LOCALE} keepMounted={false}>
          <Tabs.List aria-label={t('campaigns.wizard.content.languages')}>
            {locales.map((locale) => (
              <Tabs.Tab key={locale} value={locale}>
                {languageName(locale)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {locales.map((locale) => (
            <Tabs.Panel key={locale} value={locale}>
              {texts(locale)}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
      {family === 'tip' && (
        <TagsField
          field={form.getInputProps('tags', { required: true })}
          onCreated={(name) =>
            form.setFieldValue('tags', (tags) => (tags.includes(name) ? tags : [...tags, name]))
          }
        />
      )}
      <Card withBorder radius="md">
        <RulesList rules={values.rules} onChange={(rules) => form.setFieldValue('rules', rules)} />
      </Card>
      <TextInput
        {...form.getInputProps('landing_page')}
        label={t('campaigns.wizard.content.landingPage')}
        placeholder={t('campaigns.wizard.content.landingPagePlaceholder')}
        type="url"
        maxLength={CAMPAIGN_TEXT_LIMITS.landing_page}
      />
      <Textarea
        {...form.getInputProps('thank_you_text')}
        label={t('campaigns.wizard.content.thankYouText')}
        autosize
        minRows={2}
        maxLength={CAMPAIGN_TEXT_LIMITS.thank_you_text}
      />
      <NumberInput
        {...form.getInputProps('points')}
        value={values.points ?? ''}
        onChange={(value: number | string) => form.setFieldValue('points', toInteger(value))}
        label={t('campaigns.wizard.content.points')}
        min={0}
        max={1_000_000}
        allowDecimal={false}
        allowNegative={false}
        w={200}
      />
    </StepForm>
  );
}
