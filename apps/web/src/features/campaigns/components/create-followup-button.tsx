/**
 * Creating a follow-up of a campaign (docs/product.md#the-campaign-wizard "followup creation"): the
 * button asks first, since the follow-up is a new campaign; confirming
 * creates it and opens it in the wizard, at its first step.
 */
import { campaignFamily } from '@backoffice/domain';
import { Button, type ButtonProps } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { busyUntilLeft } from '../../../shared/api/leaving-mutation';
import { ConfirmModal } from '../../../shared/ui/confirm-modal';
import { paths } from '../../../shared/paths';
import { notifySuccess } from '../../../shared/ui/notify';
import { useCreateFollowup } from '../api/create-followup';

export interface CreateFollowupButtonProps {
  campaignIdent: string;
  /** The parent's title, as the confirmation names it. */
  title: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

export function CreateFollowupButton({
  campaignIdent,
  title,
  size,
  variant,
}: CreateFollowupButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateFollowup();
  const [asking, setAsking] = useState(false);

  const onConfirm = () =>
    create.mutate(campaignIdent, {
      onSuccess: ({ campaign, merchant }) => {
        notifySuccess(t('campaigns.alerts.followupCreated', { id: campaign.uuid }));
        void navigate(
          paths.campaigns.detail(
            { merchantIdent: merchant.uuid, campaignIdent: campaign.uuid },
            campaignFamily(campaign.type),
          ),
        );
      },
    });

  return (
    <>
      <Button
        {...(size ? { size } : {})}
        {...(variant ? { variant } : {})}
        leftSection={<IconPlus size={size === 'xs' ? 14 : 16} aria-hidden />}
        aria-haspopup="dialog"
        onClick={() => setAsking(true)}
      >
        {t('campaigns.overview.createFollowup')}
      </Button>
      <ConfirmModal
        opened={asking}
        title={t('campaigns.followup.title')}
        cancelLabel={t('campaigns.confirm.cancel')}
        confirmLabel={t('campaigns.overview.createFollowup')}
        confirmIcon={<IconPlus size={16} aria-hidden />}
        busy={busyUntilLeft(create)}
        onConfirm={onConfirm}
        onClose={() => setAsking(false)}
      >
        {t('campaigns.followup.question', { title })}
      </ConfirmModal>
    </>
  );
}
