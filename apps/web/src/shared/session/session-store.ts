/**
 * The signed-in session: the user, how they pick merchants, the merchant they
 * act for, and whether the merchant selection modal is open. Shared because
 * auth (logout), merchant selection and the shell all use it.
 */
import type {
  MerchantSearchType,
  TInitUserResponse,
  TMerchantSummary,
  TUser,
} from '@backoffice/domain';
import { useSyncExternalStore } from 'react';
import { readJson, STORAGE_KEYS, writeJson } from '../storage';

/** closed, forced (non-closable, no merchant chosen yet) or closable (switching). */
export type MerchantSelectorState = 'closed' | 'forced' | 'closable';

export interface SessionState {
  user: TUser | null;
  searchType: MerchantSearchType | null;
  /** The first page of the user's merchants, as /init-user returned it. */
  merchants: TMerchantSummary[];
  merchantTotal: number;
  merchant: TMerchantSummary | null;
  selector: MerchantSelectorState;
}

const EMPTY: SessionState = {
  user: null,
  searchType: null,
  merchants: [],
  merchantTotal: 0,
  merchant: null,
  selector: 'closed',
};

let state: SessionState = EMPTY;
const listeners = new Set<() => void>();

function update(next: Partial<SessionState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function getSession(): SessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function startSession(init: TInitUserResponse): void {
  update({
    user: init.user,
    searchType: init.merchantinfo.searchtype,
    merchants: init.merchantinfo.merchants,
    merchantTotal: init.merchantinfo.total,
    merchant: null,
    selector: 'closed',
  });
}

/** Makes a merchant the current one and remembers it for the next sign-in. */
export function setCurrentMerchant(merchant: TMerchantSummary): void {
  writeJson('local', STORAGE_KEYS.rememberedMerchant, merchant.uuid);
  update({ merchant, selector: 'closed' });
}

/**
 * True while the user acts for no merchant and the selection that cannot be
 * closed asks them to choose one: the page behind it waits for the choice.
 */
export function isChoosingMerchant(session: SessionState): boolean {
  return session.selector === 'forced' && session.merchant === null;
}

export function openMerchantSelector(mode: Exclude<MerchantSelectorState, 'closed'>): void {
  update({ selector: mode });
}

export function closeMerchantSelector(): void {
  update({ selector: 'closed' });
}

/** The id of the merchant remembered from an earlier session, if any. */
export function readRememberedMerchant(): string | undefined {
  const value = readJson('local', STORAGE_KEYS.rememberedMerchant);
  return typeof value === 'string' ? value : undefined;
}

export function forgetRememberedMerchant(): void {
  writeJson('local', STORAGE_KEYS.rememberedMerchant, undefined);
}

/**
 * Logout (docs/product.md#identity-and-sign-in): user and merchant are gone. The id of the last
 * merchant stays remembered: at the next sign-in it is offered again only if
 * the server confirms it is linked with the account that signs in.
 */
export function clearSession(): void {
  update(EMPTY);
}
