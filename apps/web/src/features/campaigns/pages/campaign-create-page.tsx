/**
 * /{merchantIdent}/campaigns/create (docs/product.md#campaigns): the types
 * the user may create, each with a hint; coupon opens into its sub-types.
 * Choosing a type asks first (one misclick left an untitled draft
 * behind); confirming creates the campaign and opens its benefit page (docs/product.md#campaigns). `?type=` may ask for a type: a known one is shown opened, an unknown
 * one gets the spec's plain alert (docs/product.md#campaigns).
 */
import { campaignFamily, canUseTips, isCampaignType, type CampaignType } from '@backoffice/domain';
import { Alert, Card, Collapse, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconChevronDown, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { campaignTypeLabel } from '../../../shared/resources/campaigns/campaign-type-label';
import { ConfirmModal } from '../../../shared/ui/confirm-modal';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { notifySuccess } from '../../../shared/ui/notify';
import { useCreateCampaign } from '../api/create-campaign';
import { creatableTypes } from '../campaign-text';
import { busyUntilLeft } from '../../../shared/api/leaving-mutation';

interface TypeChoiceProps {
  type: CampaignType;
  highlighted: boolean;
  onChoose: (type: CampaignType) => void;
}

function TypeChoice({ type, highlighted, onChoose }: TypeChoiceProps) {
  const { t } = useTranslation();
  return (
    <Card
      component="button"
      type="button"
      ta="left"
      w="100%"
      style={{ cursor: 'pointer' }}
      withBorder
      radius="md"
      padding="md"
      onClick={() => onChoose(type)}
      bd={highlighted ? '2px solid var(--mantine-color-blue-6)' : undefined}
      data-type={type}
    >
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text fw={600}>{campaignTypeLabel(t, type)}</Text>
          <Text size="sm" c="dimmed">
            {t(`campaigns.typeHints.${type}`)}
          </Text>
        </div>
        <IconChevronRight size={18} aria-hidden />
      </Group>
    </Card>
  );
}

export function CampaignCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { merchantIdent = '' } = useParams();
  const [search] = useSearchParams();
  const { user } = useSession();
  const create = useCreateCampaign();

  const types = user ? creatableTypes(user) : [];
  const asked = search.get('type') ?? undefined;
  const askedType = asked !== undefined && isCampaignType(asked) ? asked : undefined;
  const askedFamily = asked === 'coupon' || (askedType?.startsWith('coupon/') ?? false);
  const unknown =
    asked !== undefined && !askedType && !['sweepstake', 'coupon', 'tip'].includes(asked);
  const tipRefused =
    user !== null &&
    !canUseTips(user) &&
    (asked === 'tip' || (askedType !== undefined && campaignFamily(askedType) === 'tip'));
  const [couponOpen, setCouponOpen] = useState(askedFamily);
  const [chosen, setChosen] = useState<CampaignType | undefined>(undefined);

  const confirm = (type: CampaignType) =>
    create.mutate(
      { merchant: merchantIdent, type },
      {
        onSuccess: ({ campaign }) => {
          notifySuccess(t('campaigns.alerts.created', { id: campaign.uuid }));
          void navigate(
            paths.campaigns.step(
              { merchantIdent: campaign.merchant.uuid, campaignIdent: campaign.uuid },
              campaignFamily(campaign.type),
              'benefit',
            ),
          );
        },
      },
    );

  const single = types.filter((type) => !type.startsWith('coupon/'));
  const coupons = types.filter((type) => type.startsWith('coupon/'));

  return (
    <Stack gap="md" py="md" maw={720}>
      <Title order={1}>{t('campaigns.create.title')}</Title>
      {unknown && (
        <Alert
          color="red"
          variant="light"
          title={t('campaigns.create.unknownTypeTitle')}
          icon={<IconAlertCircle size={20} aria-hidden />}
          role="alert"
        >
          {t('campaigns.create.unknownType', { type: asked })}
        </Alert>
      )}
      {tipRefused && (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle size={20} aria-hidden />}>
          {t('campaigns.create.tipsNotAllowed')}
        </Alert>
      )}
      <Text>{t('campaigns.create.intro')}</Text>
      <Stack gap="sm">
        {single
          .filter((type) => type === 'sweepstake/standard')
          .map((type) => (
            <TypeChoice
              key={type}
              type={type}
              highlighted={type === askedType}
              onChoose={setChosen}
            />
          ))}
        <Card withBorder radius="md" padding="md">
          <UnstyledButton
            onClick={() => setCouponOpen((open) => !open)}
            aria-expanded={couponOpen}
            w="100%"
          >
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Text fw={600}>{t('campaigns.families.coupon')}</Text>
                <Text size="sm" c="dimmed">
                  {t('campaigns.familyHints.coupon')}
                </Text>
              </div>
              {couponOpen ? (
                <IconChevronDown size={18} aria-hidden />
              ) : (
                <IconChevronRight size={18} aria-hidden />
              )}
            </Group>
          </UnstyledButton>
          <Collapse expanded={couponOpen}>
            <Stack gap="xs" mt="md">
              {coupons.map((type) => (
                <TypeChoice
                  key={type}
                  type={type}
                  highlighted={type === askedType}
                  onChoose={setChosen}
                />
              ))}
            </Stack>
          </Collapse>
        </Card>
        {single
          .filter((type) => type !== 'sweepstake/standard')
          .map((type) => (
            <TypeChoice
              key={type}
              type={type}
              highlighted={type === askedType}
              onChoose={setChosen}
            />
          ))}
      </Stack>
      <ConfirmModal
        opened={chosen !== undefined}
        title={t('campaigns.create.confirmTitle', {
          type: chosen ? campaignTypeLabel(t, chosen) : '',
        })}
        cancelLabel={t('campaigns.confirm.cancel')}
        confirmLabel={t('campaigns.create.confirm')}
        confirmIcon={<IconPlus size={16} aria-hidden />}
        busy={busyUntilLeft(create)}
        onConfirm={() => chosen && confirm(chosen)}
        onClose={() => setChosen(undefined)}
      >
        {t('campaigns.create.confirmText')}
      </ConfirmModal>
    </Stack>
  );
}

export { CampaignCreatePage as Component };
