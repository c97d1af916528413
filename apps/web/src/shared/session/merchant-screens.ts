/**
 * The acting merchant's screens as the user is offered them (the side menu,
 * the merchant tabs, the upgrade notice), each with how it opens, by the
 * domain's rules: screens the roles close are left out, the profile of a
 * basic merchant's only users leads to the upgrade notice (docs/product.md#roles-and-access).
 */
import {
  effectiveMerchantLevel,
  merchantHomeScreen,
  merchantScreenAccess,
  type MerchantScreen,
} from '@backoffice/domain';
import { merchantScreenPath } from '../paths';
import { useSession, type SessionState } from './session-store';

export interface MerchantScreenLink {
  screen: MerchantScreen;
  /** `upgrade`: the screen's path leads to the upgrade notice. */
  access: 'open' | 'upgrade';
  to: string;
}

export interface MerchantScreens {
  /** The offered screens, in the order asked for. */
  links: MerchantScreenLink[];
  /** Where the merchant's section starts: its first screen that opens without an upgrade. */
  home: string | undefined;
}

const NONE: MerchantScreens = { links: [], home: undefined };

/** The offered screens of the session's merchant among `screens`; none without a merchant. */
export function merchantScreens(
  session: SessionState,
  screens: readonly MerchantScreen[],
): MerchantScreens {
  const { user, merchant, searchType } = session;
  if (!user || !merchant || !searchType) return NONE;
  const level = effectiveMerchantLevel(user.level, merchant.level);
  const params = { merchantIdent: merchant.uuid };
  const links = screens.flatMap((screen): MerchantScreenLink[] => {
    const access = merchantScreenAccess(user, merchant.roles, screen, level, searchType);
    return access === 'closed' ? [] : [{ screen, access, to: merchantScreenPath(screen, params) }];
  });
  const home = merchantHomeScreen(user, merchant.roles, level, searchType);
  return { links, home: home && merchantScreenPath(home, params) };
}

export function useMerchantScreens(screens: readonly MerchantScreen[]): MerchantScreens {
  return merchantScreens(useSession(), screens);
}
