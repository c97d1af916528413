/**
 * Route guards (spec §2 "Access control on routes"), used as loaders in
 * router.tsx. The layout guard checks the token on every navigation and
 * starts the session; the route guards send users without access to
 * /please-upgrade.
 */
import {
  canUseAccessCodeSets,
  effectiveMerchantLevel,
  mustUpgradeForMerchantProfile,
  canUseTips,
  isAdmin,
} from '@backoffice/domain';
import { redirect, redirectDocument, type LoaderFunctionArgs } from 'react-router';
import { endSessionFor, prepareSignIn } from '../features/auth/sign-in';
import { hasValidToken } from '../features/auth/token-storage';
import {
  ensureSession,
  takeBootstrapRedirect,
} from '../features/merchant-selection/session-bootstrap';
import { paths } from '../shared/paths';
import type { SessionState } from '../shared/session/session-store';

function targetOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/**
 * The guard of every signed-in route: without a valid token, remember the
 * target, clear token and session, and leave for the provider's sign-in
 * (or the login route when that cannot start).
 */
export async function requireSignedIn({ request }: LoaderFunctionArgs): Promise<null> {
  if (!hasValidToken()) {
    endSessionFor(targetOf(request));
    let signInUrl: string;
    try {
      signInUrl = await prepareSignIn();
    } catch {
      throw redirect(paths.oauth.login());
    }
    throw redirectDocument(signInUrl);
  }
  await ensureSession();
  const bootstrapTarget = takeBootstrapRedirect();
  if (bootstrapTarget && new URL(request.url).pathname !== bootstrapTarget) {
    throw redirect(bootstrapTarget);
  }
  return null;
}

/** The session for child guards; undefined when the layout guard is about to redirect. */
async function sessionForChild(): Promise<SessionState | undefined> {
  if (!hasValidToken()) return undefined;
  const session = await ensureSession();
  return session.user ? session : undefined;
}

/** Merchant create and edit: level-0 users in single-merchant mode must upgrade. */
export async function requireMerchantProfileAccess(): Promise<null> {
  const session = await sessionForChild();
  if (!session?.user || !session.searchType) return null;
  const level = effectiveMerchantLevel(session.user.level, session.merchant?.level);
  if (mustUpgradeForMerchantProfile(level, session.searchType)) {
    throw redirect(paths.pleaseUpgrade());
  }
  return null;
}

/** Tip campaigns are for admins and agencies (spec §6). */
export async function requireTips(): Promise<null> {
  const session = await sessionForChild();
  if (session?.user && !canUseTips(session.user)) throw redirect(paths.pleaseUpgrade());
  return null;
}

/** The review queue is for admins alone. */
export async function requireAdmin(): Promise<null> {
  const session = await sessionForChild();
  if (session?.user && !isAdmin(session.user)) throw redirect(paths.pleaseUpgrade());
  return null;
}

/** Access-code sets are for admins alone. */
export async function requireAccessCodeSets(): Promise<null> {
  const session = await sessionForChild();
  if (session?.user && !canUseAccessCodeSets(session.user)) {
    throw redirect(paths.pleaseUpgrade());
  }
  return null;
}
