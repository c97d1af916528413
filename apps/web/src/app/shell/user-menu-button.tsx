/** The user menu's button, shown before the menu itself has loaded and as its target after. */
import { Button, type ButtonProps } from '@mantine/core';
import { IconChevronDown, IconUserCircle } from '@tabler/icons-react';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/session-store';
import { useHasRoomForEmail } from './use-breakpoints';

type UserMenuButtonProps = ButtonProps & ComponentPropsWithoutRef<'button'>;

/** The menu's button; Menu.Target of the loaded menu passes its handlers and ref in. */
export const UserMenuButton = forwardRef<HTMLButtonElement, UserMenuButtonProps>(
  function UserMenuButton(props, ref) {
    const { t } = useTranslation();
    const { user } = useSession();
    const roomForEmail = useHasRoomForEmail();
    return (
      <Button
        ref={ref}
        variant="subtle"
        color="gray"
        leftSection={<IconUserCircle size={20} aria-hidden />}
        rightSection={<IconChevronDown size={14} aria-hidden />}
        aria-label={
          roomForEmail && user ? t('shell.userMenuOf', { email: user.email }) : t('shell.userMenu')
        }
        aria-haspopup="menu"
        {...props}
      >
        {roomForEmail && user ? user.email : null}
      </Button>
    );
  },
);
