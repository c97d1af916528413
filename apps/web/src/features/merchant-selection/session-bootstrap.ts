/**
 * Starts the session after sign-in: POST /init-user, then the remembered
 * merchant if it is still linked with the account, else the search type
 * decides (docs/product.md#merchant-selection). Route guards await ensureSession(); concurrent callers
 * share one bootstrap.
 */
import type { TInitUserResponse, TMerchantSummary } from '@backoffice/domain';
import { queryClient } from '../../shared/api/query-client';
import { paths } from '../../shared/paths';
import {
  forgetRememberedMerchant,
  getSession,
  openMerchantSelector,
  readRememberedMerchant,
  setCurrentMerchant,
  startSession,
  type SessionState,
} from '../../shared/session/session-store';
import { initUser } from '../../shared/session/init-user';
import { linkedWithAccountQueryOptions } from './api/get-linked-with-account';
import { decideMerchant } from './merchant-decision';

let pending: Promise<SessionState> | undefined;
let redirectAfterBootstrap: string | undefined;

export function ensureSession(): Promise<SessionState> {
  const session = getSession();
  if (session.user) return Promise.resolve(session);
  pending ??= bootstrap().finally(() => {
    pending = undefined;
  });
  return pending;
}

/** Where the first bootstrap wants the user to go (merchant creation), once. */
export function takeBootstrapRedirect(): string | undefined {
  const target = redirectAfterBootstrap;
  redirectAfterBootstrap = undefined;
  return target;
}

/**
 * The remembered merchant, fresh from the server, if it is still linked with
 * the account. /init-user lists the merchants the user may act for (all of
 * them unless the list is searched instead): one found there needs no second
 * request, which would delay every signed-in first load by a round trip.
 */
async function rememberedMerchant(init: TInitUserResponse): Promise<TMerchantSummary | undefined> {
  const uuid = readRememberedMerchant();
  if (!uuid) return undefined;
  const listed = init.merchantinfo.merchants.find((merchant) => merchant.uuid === uuid);
  if (listed) return listed;
  try {
    const answer = await queryClient.query(linkedWithAccountQueryOptions(uuid));
    if (answer.allowed && answer.merchant) return answer.merchant;
  } catch {
    // The client has alerted; carry on as if nothing was remembered.
  }
  forgetRememberedMerchant();
  return undefined;
}

async function bootstrap(): Promise<SessionState> {
  const init = await initUser();
  const remembered = await rememberedMerchant(init);

  startSession(init);
  const decision = decideMerchant(init, remembered);
  switch (decision.kind) {
    case 'use':
      setCurrentMerchant(decision.merchant);
      break;
    case 'create':
      redirectAfterBootstrap = paths.merchant.create();
      break;
    case 'choose':
      openMerchantSelector('forced');
      break;
  }
  return getSession();
}
