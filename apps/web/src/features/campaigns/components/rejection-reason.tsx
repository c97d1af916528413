/**
 * A standing rejection in the campaign list: one line,
 * "Grund: …", cut to the column's width; it opens the whole reason with the
 * next step, "Überarbeiten und erneut einreichen", linked to where the
 * campaign is edited.
 */
import { Anchor, Popover, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './rejection-reason.module.css';

export interface RejectionReasonProps {
  reason: string;
  /** Where the campaign is edited. */
  editPath: string;
  /** Who rejected it, while it is rejected. */
  editor: string | undefined;
}

export function RejectionReason({ reason, editPath, editor }: RejectionReasonProps) {
  const { t } = useTranslation();
  return (
    <Popover width={320} position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <UnstyledButton className={classes.trigger} aria-haspopup="dialog">
          <Text span size="xs" c="red.9" className={classes.text}>
            {t('campaigns.rejection.reasonLine', { reason })}
          </Text>
        </UnstyledButton>
      </Popover.Target>
      {/* A dialog named by its trigger's text, the reason itself (Mantine's aria-labelledby). */}
      <Popover.Dropdown role="dialog" data-testid="rejection-reason">
        <Text size="sm" fw={600}>
          {t('campaigns.rejection.reason')}
        </Text>
        <Text size="sm" className={classes.reason}>
          {reason}
        </Text>
        {editor && (
          <Text size="xs" c="dimmed" mt={4}>
            {t('campaigns.rejection.by', { email: editor })}
          </Text>
        )}
        <Text size="sm" fw={600} mt="sm">
          {t('campaigns.rejection.nextStep')}
        </Text>
        <Anchor component={Link} to={editPath} size="sm" fw={600}>
          {t('campaigns.rejection.next')}
        </Anchor>
      </Popover.Dropdown>
    </Popover>
  );
}
