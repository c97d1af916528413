/**
 * The campaign list's actions of one row: edit, show or hide in the app,
 * clone (asks first: the copy is a new campaign), delete (asks first,
 * through onDelete) and the preview.
 */
import { campaignFamily, canClone, canToggleListable, type TCampaignRow } from '@backoffice/domain';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import {
  IconCopy,
  IconExternalLink,
  IconEye,
  IconEyeOff,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { CampaignLayout } from '../../../shared/resources/campaigns/campaign-table';
import { ConfirmModal } from '../../../shared/ui/confirm-modal';
import { paths } from '../../../shared/paths';
import { notifyInfo, notifySuccess } from '../../../shared/ui/notify';
import { useCloneCampaign } from '../api/clone-campaign';
import { useToggleListable } from '../api/toggle-listable';
import { busyUntilLeft } from '../../../shared/api/leaving-mutation';

export interface CampaignRowActionsProps {
  row: TCampaignRow;
  title: string;
  editPath: string;
  /** The user's effective merchant level (effectiveMerchantLevel). */
  level: number;
  onDelete: (row: TCampaignRow) => void;
  /** In a table row the actions stand in two lines of three; in a card in one line. */
  layout?: CampaignLayout;
}

export function CampaignRowActions({
  row,
  title,
  editPath,
  level,
  onDelete,
  layout = 'row',
}: CampaignRowActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toggle = useToggleListable();
  const clone = useCloneCampaign();
  const [confirmClone, setConfirmClone] = useState(false);
  const deleted = row.current_status === 'deleted';
  const toggleLabel = row.is_listable
    ? t('campaigns.actions.hide', { title })
    : t('campaigns.actions.show', { title });

  const onToggle = () =>
    toggle.mutate(row.uuid, {
      onSuccess: ({ listable }) =>
        notifyInfo(listable ? t('campaigns.alerts.shown') : t('campaigns.alerts.hidden')),
    });

  const onClone = () =>
    clone.mutate(row.uuid, {
      onSuccess: ({ campaign }) => {
        notifySuccess(t('campaigns.alerts.cloned', { id: campaign.uuid }));
        // Clone opens the copy's handling step (docs/product.md#campaigns).
        void navigate(
          paths.campaigns.handling(
            { merchantIdent: campaign.merchant.uuid, campaignIdent: campaign.uuid },
            campaignFamily(campaign.type),
          ),
        );
      },
    });

  return (
    // Three actions a line in a table row: the column stays narrow enough for 1280 px screens.
    <Group gap={layout === 'row' ? 4 : 'xs'} {...(layout === 'row' ? { w: 92 } : {})}>
      <ActionIcon
        component={Link}
        to={editPath}
        variant="subtle"
        aria-label={t('campaigns.actions.edit', { title })}
        title={t('campaigns.actions.edit', { title })}
      >
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
      {canToggleListable(level) && !deleted && (
        <ActionIcon
          variant="subtle"
          color={row.is_listable ? 'blue' : 'gray'}
          aria-pressed={row.is_listable}
          aria-label={toggleLabel}
          title={toggleLabel}
          loading={toggle.isPending}
          onClick={onToggle}
        >
          {row.is_listable ? (
            <IconEye size={18} aria-hidden />
          ) : (
            <IconEyeOff size={18} aria-hidden />
          )}
        </ActionIcon>
      )}
      {canClone(level) && (
        <ActionIcon
          variant="subtle"
          aria-label={t('campaigns.actions.clone', { title })}
          title={t('campaigns.actions.clone', { title })}
          aria-haspopup="dialog"
          onClick={() => setConfirmClone(true)}
        >
          <IconCopy size={18} aria-hidden />
        </ActionIcon>
      )}
      <ConfirmModal
        opened={confirmClone}
        title={t('campaigns.clone.title')}
        cancelLabel={t('campaigns.confirm.cancel')}
        confirmLabel={t('campaigns.clone.confirm')}
        confirmIcon={<IconCopy size={16} aria-hidden />}
        busy={busyUntilLeft(clone)}
        onConfirm={onClone}
        onClose={() => setConfirmClone(false)}
      >
        {t('campaigns.clone.question', { title })}
      </ConfirmModal>
      {!deleted && (
        <Tooltip label={t('campaigns.actions.deleteDisabled')} disabled={row.participations === 0}>
          {/* A disabled button gets no pointer events: the span carries the tooltip. */}
          <span>
            <ActionIcon
              variant="subtle"
              color="red"
              disabled={row.participations > 0}
              aria-label={t('campaigns.actions.delete', { title })}
              title={t('campaigns.actions.delete', { title })}
              onClick={() => onDelete(row)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </span>
        </Tooltip>
      )}
      <ActionIcon
        component="a"
        href={row.preview_link}
        target="_blank"
        rel="noopener noreferrer"
        variant="subtle"
        aria-label={t('campaigns.actions.preview', { title })}
        title={t('campaigns.actions.preview', { title })}
      >
        <IconExternalLink size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
