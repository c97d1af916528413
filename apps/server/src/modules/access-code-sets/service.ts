/**
 * Access-code sets (docs/product.md#screens-and-routes, docs/product.md#access-code-sets, docs/product.md#api-calls): create and save, import codes (all or
 * nothing, duplicates and blank lines reported), link campaigns, and read the
 * uses the consumer app reported through the ingest API. Admins only: every
 * function is called after requireAdmin.
 */
import { randomUUID } from 'node:crypto';
import {
  ACCESS_CODE_IMPORT_MAX_LINES,
  buildPager,
  collectAccessCodes,
  type MessageKey,
  type TAccessCodeSet,
  type TAccessCodeSetDetail,
  type TAccessCodeSetFields,
  type TAccessCodesImportResponse,
  type TCodeUsage,
  type TLinkedCampaign,
} from '@backoffice/domain';
import type { UserRow } from '../../platform/access/merchant-access.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { codeCells } from '../../platform/files/code-cells.js';
import { AppError, badRequest, fieldPath, notFound } from '../../platform/errors.js';
import {
  campaignStatuses,
  codeStats,
  codeUses,
  findSet,
  insertCodes,
  insertSet,
  linkedCampaigns,
  listSets,
  lockSet,
  replaceLinks,
  touchSet,
  updateSet,
} from './queries.js';

const columnsOf = (fields: TAccessCodeSetFields) => ({
  name: fields.name,
  type: fields.type,
  hintTitle: fields.hint_title,
  hintText: fields.hint_text,
  isPromoCode: fields.is_promo_code,
  isBonuscard: fields.is_bonuscard,
  validFrom: fields.valid_from ? new Date(fields.valid_from) : null,
  validUntil: fields.valid_until ? new Date(fields.valid_until) : null,
});

/**
 * The read-only internal name: the name as a slug, made unique by the start
 * of the id. The slug's transliteration tables load with the first set
 * created, not with every start of the server.
 */
export async function internalNameOf(name: string, id: string): Promise<string> {
  const { slugOf } = await import('@backoffice/domain/slug');
  const slug = slugOf(name).slice(0, 40).replace(/-+$/, '');
  return `${slug || 'set'}-${id.slice(0, 8)}`;
}

export async function requireSet(db: DbOrTx, id: string): Promise<TAccessCodeSet> {
  const set = await findSet(db, id);
  if (!set) throw notFound();
  return set;
}

/**
 * The set as its own answer carries it (docs/product.md#access-code-sets): its fields, its code stats
 * and the UUIDs of its linked campaigns; 404 when there is no such set.
 */
export async function setDetail(db: DbOrTx, id: string): Promise<TAccessCodeSetDetail> {
  const [set, codes, linked] = await Promise.all([
    findSet(db, id),
    codeStats(db, id),
    linkedCampaigns(db, id),
  ]);
  if (!set) throw notFound();
  return { ...set, codes, campaigns: linked.map((campaign) => campaign.ident) };
}

export async function createSet(
  db: Db,
  user: UserRow,
  fields: TAccessCodeSetFields,
): Promise<TAccessCodeSetDetail> {
  const id = randomUUID();
  await insertSet(db, {
    id,
    internalName: await internalNameOf(fields.name, id),
    ...columnsOf(fields),
    editorId: user.id,
  });
  return setDetail(db, id);
}

/** A save of a set: its id, its fields, and the version the editor's copy was read at. */
export interface SetSave {
  id: string;
  fields: TAccessCodeSetFields;
  /** A save from a copy older than the set's version is refused. */
  version?: number | undefined;
}

export async function saveSet(
  db: Db,
  user: UserRow,
  { id, fields, version }: SetSave,
): Promise<TAccessCodeSetDetail> {
  const updated = await updateSet(db, id, {
    expectedVersion: version,
    values: { ...columnsOf(fields), editorId: user.id, modifiedAt: new Date() },
  });
  if (!updated) {
    await requireSet(db, id);
    throw new AppError(409, 'access_code_set_changed');
  }
  return setDetail(db, id);
}

/** Lines an answer names at most (the first ones); fixing them shows the next. */
const NAMED_LINES_MAX = 20;

/** A list refused for some of its lines: nothing of it is stored; the answer names the lines. */
export class CodeLinesRefused extends AppError {
  readonly lines: number[];
  constructor(key: MessageKey, lines: number[]) {
    super(400, key, 'codes');
    this.lines = lines.slice(0, NAMED_LINES_MAX);
  }
}

/**
 * Adds the codes of a list (one per line) in one transaction: all of them or,
 * when a line is refused (too long, or a character no code may hold), none. Codes already in the set, or repeated in the
 * list, count as duplicates. Imports into one set run one after the other
 * under its row lock, as a campaign's under the campaign's: two lists with
 * the same codes in another order would otherwise each wait on a code the
 * other inserted (a deadlock), and their counts would overlap.
 */
export async function importCodes(
  db: Db,
  user: UserRow,
  { id, text }: { id: string; text: string },
): Promise<TAccessCodesImportResponse> {
  const lines = collectAccessCodes(codeCells(text));
  const lineCount =
    lines.codes.length +
    lines.repeated +
    lines.blankLines +
    lines.tooLong.length +
    lines.untypeable.length;
  if (lineCount > ACCESS_CODE_IMPORT_MAX_LINES) throw new AppError(413, 'too_many_codes', 'codes');
  if (lines.tooLong.length > 0) throw new CodeLinesRefused('too_long', lines.tooLong);
  if (lines.untypeable.length > 0) {
    throw new CodeLinesRefused('invalid_code_characters', lines.untypeable);
  }
  if (lines.codes.length === 0) throw badRequest('no_codes_added', 'codes');
  return db.transaction(async (tx) => {
    if (!(await lockSet(tx, id))) throw notFound();
    const added = await insertCodes(tx, id, lines.codes);
    if (added > 0) await touchSet(tx, id, user.id);
    return {
      codes: await codeStats(tx, id),
      import: {
        added,
        duplicates: lines.repeated + lines.codes.length - added,
        blank_lines: lines.blankLines,
      },
    };
  });
}

/**
 * Makes the set's linked campaigns exactly the list (docs/product.md#api-calls links): unknown
 * campaigns are refused, and deleted ones may stay linked but not be linked anew.
 */
export async function setLinks(
  db: Db,
  user: UserRow,
  { id, idents }: { id: string; idents: string[] },
): Promise<TLinkedCampaign[]> {
  return db.transaction(async (tx) => {
    // Under the set's lock: two saves at once would each delete only the
    // links the other had not yet written, and leave both lists linked.
    if (!(await lockSet(tx, id))) throw notFound();
    const wanted = [...new Set(idents.map((ident) => ident.toLowerCase()))];
    const already = new Set((await linkedCampaigns(tx, id)).map((campaign) => campaign.ident));
    const statuses = await campaignStatuses(tx, wanted);
    idents.forEach((ident, index) => {
      const campaign = statuses.get(ident.toLowerCase());
      if (!campaign) throw new AppError(400, 'not_found', fieldPath(`${index}.ident`));
      if (campaign.status === 'deleted' && !already.has(ident.toLowerCase())) {
        throw new AppError(400, 'campaign_deleted', fieldPath(`${index}.ident`));
      }
    });
    await replaceLinks(tx, id, wanted);
    await touchSet(tx, id, user.id);
    return linkedCampaigns(tx, id);
  });
}

export async function codeUsage(
  db: Db,
  id: string,
  query: { page: number; per_page: number; q?: string | undefined },
): Promise<TCodeUsage> {
  const set = await requireSet(db, id);
  const { rows, total } = await codeUses(db, id, {
    page: query.page,
    perPage: query.per_page,
    q: query.q,
  });
  return {
    access_code_set: set,
    rows,
    pager: buildPager(query.page, total, { entriesPerPage: query.per_page }),
  };
}

/** What the access-code-sets module uses of the application (built in services.ts). */
export interface AccessCodeSetDeps {
  db: Db;
}

/** The access-code-sets module's service, built once by the app (its callers are admins). */
export function createAccessCodeSetService({ db }: AccessCodeSetDeps) {
  return {
    /** One page of the sets, last modified first. */
    list: (page: number) => listSets(db, page),
    get: (id: string) => setDetail(db, id),
    /** Checks that the set exists (404 otherwise), e.g. before an upload is read. */
    require: (id: string) => requireSet(db, id),
    create: (user: UserRow, fields: TAccessCodeSetFields) => createSet(db, user, fields),
    save: (user: UserRow, change: SetSave) => saveSet(db, user, change),
    links: async (id: string) => {
      await requireSet(db, id);
      return linkedCampaigns(db, id);
    },
    setLinks: (user: UserRow, links: { id: string; idents: string[] }) => setLinks(db, user, links),
    codes: async (id: string) => {
      await requireSet(db, id);
      return codeStats(db, id);
    },
    importCodes: (user: UserRow, list: { id: string; text: string }) => importCodes(db, user, list),
    codeUsage: (id: string, query: Parameters<typeof codeUsage>[2]) => codeUsage(db, id, query),
  };
}

export type AccessCodeSetService = ReturnType<typeof createAccessCodeSetService>;
