/**
 * Route guards (docs/product.md#identity-and-sign-in, docs/product.md#roles-and-access), used as loaders in
 * router.tsx. The layout guard checks the token on every navigation and
 * starts the session; the route guards send users without access to
 * /please-upgrade, saying so when the page is reserved for admins (or
 * agencies), whom no merchant level makes. A page of one merchant makes that
 * merchant the acting one (the header follows what is open), answers 404 for
 * a merchant the user may not act for or that does not exist (the two are
 * not told apart), and 403 to a user whose roles do not open it, which the
 * shell shows as a "no permission" page. While the user has yet to choose
 * the merchant they act for, a merchant's page waits for that choice: the
 * selection then decides where the user goes (merchant-decision.ts).
 */
import {
  canOpenMerchantScreen,
  canUseAccessCodeSets,
  effectiveMerchantLevel,
  MERCHANT_SCREEN_ROLES,
  mustUpgradeForMerchantProfile,
  canUseTips,
  canUseMerchantList,
  isAdmin,
  type AccountRole,
  type MerchantScreen,
  type TMerchantSummary,
} from '@backoffice/domain';
import { data, redirect, redirectDocument, type LoaderFunctionArgs } from 'react-router';
import { linkedWithAccountQueryOptions } from '../features/merchant-selection/api/get-linked-with-account';
import { queryClient } from '../shared/api/query-client';
import { sessionEndedPath } from '../features/auth/session-end';
import { endSessionFor, prepareSignIn } from '../features/auth/sign-in';
import { hasValidToken } from '../features/auth/token-storage';
import {
  ensureSession,
  takeBootstrapRedirect,
} from '../features/merchant-selection/session-bootstrap';
import { isIdent, paths } from '../shared/paths';
import {
  getSession,
  isChoosingMerchant,
  setCurrentMerchant,
  type SessionState,
} from '../shared/session/session-store';

function targetOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/**
 * The guard of every signed-in route: without a valid token, remember the
 * target, clear token and session, and leave for the provider's sign-in
 * (or the login route when that cannot start). A session that this tab was
 * using ends on the login route instead, which says so.
 */
export async function requireSignedIn({ request }: LoaderFunctionArgs): Promise<null> {
  if (!hasValidToken()) {
    const wasSignedIn = getSession().user !== null;
    endSessionFor(targetOf(request));
    if (wasSignedIn) throw redirect(sessionEndedPath());
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

/** What a route's 403 carries: the role the user lacks, for the "no permission" page. */
export interface NoPermission {
  role: AccountRole | null;
}

/** The 404 of a merchant the user may not act for, shown as the not-found page. */
function merchantNotFound(): never {
  throw data(null, { status: 404 });
}

/**
 * The merchant of a /{merchantIdent}/… route as the acting merchant: the
 * session's when it is that one, else the server's answer for it, which then
 * becomes the acting merchant. Undefined while the user has yet to choose a
 * merchant (the page waits for the choice), and when the answer could not be
 * had (the client has alerted; the page shows what it can). Throws the 404
 * when the user may not act for it.
 */
async function followRouteMerchant(merchantIdent: string): Promise<TMerchantSummary | undefined> {
  const session = await sessionForChild();
  if (!session || isChoosingMerchant(session)) return undefined;
  if (session.merchant?.uuid === merchantIdent) return session.merchant;
  let answer;
  try {
    answer = await queryClient.query(linkedWithAccountQueryOptions(merchantIdent));
  } catch {
    return undefined;
  }
  if (!answer.allowed || !answer.merchant) merchantNotFound();
  setCurrentMerchant(answer.merchant);
  return answer.merchant;
}

/**
 * The guard of a merchant's screen: follows the route's merchant, then lets
 * only users whose roles open the screen through (docs/product.md#roles-and-access).
 */
export function requireMerchantScreen(screen: MerchantScreen) {
  return async ({ params }: LoaderFunctionArgs): Promise<null> => {
    const { merchantIdent } = params;
    if (!isIdent(merchantIdent)) return null;
    const merchant = await followRouteMerchant(merchantIdent);
    const user = (await sessionForChild())?.user;
    if (!merchant || !user) return null;
    if (!canOpenMerchantScreen(user, merchant.roles, screen)) {
      const body: NoPermission = { role: MERCHANT_SCREEN_ROLES[screen] };
      throw data(body, { status: 403 });
    }
    return null;
  };
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

/** Tip campaigns are for admins and agencies (docs/product.md#roles-and-access). */
export async function requireTips(): Promise<null> {
  const session = await sessionForChild();
  if (session?.user && !canUseTips(session.user)) throw redirect(paths.pleaseUpgrade('agency'));
  return null;
}

/** The review queue and the API keys are for admins alone. */
export async function requireAdmin(): Promise<null> {
  const session = await sessionForChild();
  if (session?.user && !isAdmin(session.user)) throw redirect(paths.pleaseUpgrade('admin'));
  return null;
}

/** Access-code sets are for admins alone (docs/product.md#roles-and-access: others go to please-upgrade). */
export async function requireAccessCodeSets(): Promise<null> {
  const session = await sessionForChild();
  if (session?.user && !canUseAccessCodeSets(session.user)) {
    throw redirect(paths.pleaseUpgrade('admin'));
  }
  return null;
}

/** Merchant edit: the profile screen of the route's merchant, then the upgrade rule for it. */
export async function requireMerchantEdit(args: LoaderFunctionArgs): Promise<null> {
  await requireMerchantScreen('profile')(args);
  return requireMerchantProfileAccess();
}

/** The merchant list is for admins and agencies (the merchants they may act for). */
export async function requireMerchantList(): Promise<null> {
  const session = await sessionForChild();
  if (session?.user && !canUseMerchantList(session.user)) {
    throw redirect(paths.pleaseUpgrade('agency'));
  }
  return null;
}
