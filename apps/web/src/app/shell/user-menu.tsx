/**
 * The user menu of the top bar. Until its first use only its button is
 * rendered; the menu (and the popover code it needs) loads then, which keeps
 * it out of the shell's first load.
 */
import { lazy, Suspense, useState } from 'react';
import { UserMenuButton } from './user-menu-button';

const loadDropdown = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazy(loadDropdown);

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
