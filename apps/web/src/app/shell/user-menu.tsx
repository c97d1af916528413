/**
 * The user menu of the top bar. Until its first use only its button is
 * rendered; the menu (and the popover code it needs) loads then, which keeps
 * it out of the shell's first load.
 */
import { Button, type ButtonProps } from '@mantine/core';
import { IconChevronDown, IconUserCircle } from '@tabler/icons-react';
import { forwardRef, lazy, Suspense, useState, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/session-store';
import { useHasRoomForEmail } from './use-breakpoints';

const loadDropdown = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazy(loadDropdown);

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
        aria-label={t('shell.userMenu')}
        aria-haspopup="menu"
        {...props}
      >
        {roomForEmail && user ? user.email : null}
      </Button>
    );
  },
);

export function UserMenu() {
  // The button is swapped for the loaded menu only on the first click, and the
  // menu is controlled here, so that this click opens it. Pointing at or
  // focusing the button fetches the code ahead without re-rendering.
  const [load, setLoad] = useState(false);
  const [opened, setOpened] = useState(false);
  const button = (
    <UserMenuButton
      onMouseEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => {
        setLoad(true);
        setOpened(true);
      }}
    />
  );
  if (!load) return button;
  return (
    <Suspense fallback={button}>
      <UserMenuDropdown opened={opened} onChange={setOpened} />
    </Suspense>
  );
}
