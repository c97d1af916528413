/**
 * A campaign's multiple codes (docs/product.md#api-calls multiple-codes). Every use case asks
 * the access resolver about the campaign's merchant with the manage-campaigns
 * role (another merchant's campaign answers 404, like the campaign routes);
 * additions run as one transaction under the campaign's row lock, so an
 * import is stored whole or not at all and concurrent ones count right; an
 * import that lifts the codes above the `codes.low` threshold re-arms it.
 */
import { randomBytes } from 'node:crypto';
import {
  CODE_ALPHABET,
  CODES_CLOSED_STATUSES,
  CODES_PER_REQUEST_MAX,
  DEFAULT_PAGE_SIZE,
  buildPager,
  collectCodes,
  neutraliseCsvCell,
  type ParsedCodes,
  type TCodeGenerateOptions,
  type TCodeImportResponse,
  type TCodeListResponse,
} from '@backoffice/domain';
import { stringify } from 'csv-stringify/sync';
import { requireCampaignAccess, type UserRow } from '../../platform/access/merchant-access.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import { rearmCodesLow } from './codes-low.js';
import {
  allCodes,
  availableCodes,
  codePage,
  codeStats,
  insertCodes,
  lockCampaignStatus,
} from './queries.js';

export { availableCodes };

/** The codes list's page: the API's page size (docs/product.md#limits). */
export const CODES_PER_PAGE = DEFAULT_PAGE_SIZE;

/** Thrown when an addition adds nothing; carries what was skipped. */
export class NoCodesAddedError extends AppError {
  constructor(readonly report: Omit<TCodeImportResponse, 'stats'>) {
    super(400, 'no_codes_added', 'upload');
  }
}

/** An upload or text with lines that are no code: nothing is stored. */
export class InvalidCodeLinesError extends AppError {
  constructor(readonly lines: number[]) {
    super(400, 'invalid_code', 'upload');
  }
}

/** Codes of an ended or deleted campaign are final (docs/decisions/014-campaign-codes.md). */
function refuseClosedCodes(status: string): void {
  if ((CODES_CLOSED_STATUSES as readonly string[]).includes(status))
    throw new AppError(409, 'codes_closed', 'current_status');
}

/** The campaign, when the user may manage campaigns of its merchant; locked inside a transaction. */
async function loadCodeCampaign(
  db: DbOrTx,
  user: UserRow,
  { id, lock = false }: { id: string; lock?: boolean },
) {
  const { campaign } = await requireCampaignAccess(db, user, id);
  if (!lock) return campaign;
  const status = await lockCampaignStatus(db, id);
  if (status === undefined) throw notFound();
  refuseClosedCodes(status);
  return campaign;
}

/** Checks who asks, and that the campaign still takes codes, before an upload is read. */
export async function checkCodeAccess(db: Db, user: UserRow, id: string): Promise<void> {
  const campaign = await loadCodeCampaign(db, user, { id });
  refuseClosedCodes(campaign.status);
}

export async function listCodes(
  db: Db,
  user: UserRow,
  { id, page }: { id: string; page: number },
): Promise<TCodeListResponse> {
  await loadCodeCampaign(db, user, { id });
  const stats = await codeStats(db, id);
  const rows = await codePage(db, id, { page, size: CODES_PER_PAGE });
  return {
    ...stats,
    list_codes: true,
    codes: rows.map((row) => ({
      code: row.code,
      used: row.usedAt !== null,
      created: row.createdAt.toISOString(),
    })),
    pager: buildPager(page, stats.provided),
  };
}

/** Stores parsed codes in one transaction and reports what happened. */
async function store(
  db: Db,
  user: UserRow,
  { id, parsed }: { id: string; parsed: ParsedCodes },
): Promise<TCodeImportResponse> {
  if (parsed.invalidLines.length > 0) throw new InvalidCodeLinesError(parsed.invalidLines);
  if (parsed.codes.length > CODES_PER_REQUEST_MAX)
    throw new AppError(413, 'upload_too_large', 'upload');
  return db.transaction(async (tx) => {
    await loadCodeCampaign(tx, user, { id, lock: true });
    const added = await insertCodes(tx, id, parsed.codes);
    const report = {
      added,
      blank: parsed.blank,
      duplicates_in_file: parsed.duplicates,
      already_stored: parsed.codes.length - added,
    };
    if (added === 0) throw new NoCodesAddedError(report);
    await rearmCodesLow(tx, id);
    return { ...report, stats: await codeStats(tx, id) };
  });
}

/** Codes given as a list or as text, one per line. */
export async function addCodes(
  db: Db,
  user: UserRow,
  { id, codes }: { id: string; codes: string[] | string },
): Promise<TCodeImportResponse> {
  const cells = typeof codes === 'string' ? codes.split(/\r?\n/) : codes;
  return store(db, user, { id, parsed: collectCodes(cells) });
}

export async function uploadCodes(
  db: Db,
  user: UserRow,
  { id, cells }: { id: string; cells: string[] },
): Promise<TCodeImportResponse> {
  return store(db, user, { id, parsed: collectCodes(cells) });
}

/** `count` random codes of the unambiguous alphabet, distinct among themselves. */
export function randomCodes(
  count: number,
  { prefix, length }: { prefix: string; length: number },
): string[] {
  const codes = new Set<string>();
  const size = CODE_ALPHABET.length;
  // Bytes at or above the largest multiple of the alphabet's size are skipped, so every character is equally likely.
  const limit = 256 - (256 % size);
  while (codes.size < count) {
    const bytes = randomBytes((count - codes.size) * length * 2);
    let code = '';
    for (const byte of bytes) {
      if (byte >= limit) continue;
      code += CODE_ALPHABET.charAt(byte % size);
      if (code.length === length) {
        codes.add(prefix + code);
        code = '';
        if (codes.size === count) break;
      }
    }
  }
  return [...codes];
}

const GENERATION_ROUNDS = 10;

/**
 * Generates exactly `count` codes new to the campaign (beyond the spec): a
 * random code that the campaign already has is replaced by another one.
 */
export async function generateCodes(
  db: Db,
  user: UserRow,
  { id, options }: { id: string; options: TCodeGenerateOptions },
): Promise<TCodeImportResponse> {
  return db.transaction(async (tx) => {
    await loadCodeCampaign(tx, user, { id, lock: true });
    let added = 0;
    for (let round = 0; round < GENERATION_ROUNDS && added < options.count; round += 1) {
      added += await insertCodes(tx, id, randomCodes(options.count - added, options));
    }
    // Only a nearly exhausted code space (short codes, many stored) ends here.
    if (added < options.count) throw new AppError(409, 'no_codes_added', 'generate.length');
    await rearmCodesLow(tx, id);
    return {
      added,
      blank: 0,
      duplicates_in_file: 0,
      already_stored: 0,
      stats: await codeStats(tx, id),
    };
  });
}

/** The campaign's codes as CSV (code; used), cells a spreadsheet would run as formulas neutralised. */
export async function downloadCodes(
  db: Db,
  user: UserRow,
  id: string,
): Promise<{ csv: string; fileName: string }> {
  await loadCodeCampaign(db, user, { id });
  const rows = await allCodes(db, id);
  const csv = stringify(
    rows.map((row) => [neutraliseCsvCell(row.code), row.usedAt ? 'ja' : 'nein']),
    { header: true, columns: ['code', 'used'], delimiter: ';', record_delimiter: 'windows' },
  );
  return { csv: `\uFEFF${csv}`, fileName: `codes-${id}.csv` };
}

/** The codes module's service: its use cases on the database, built once by the app. */
export function createCodeService(db: Db) {
  return {
    checkAccess: (user: UserRow, id: string) => checkCodeAccess(db, user, id),
    list: (user: UserRow, page: { id: string; page: number }) => listCodes(db, user, page),
    add: (user: UserRow, given: { id: string; codes: string[] | string }) =>
      addCodes(db, user, given),
    upload: (user: UserRow, file: { id: string; cells: string[] }) => uploadCodes(db, user, file),
    generate: (user: UserRow, request: { id: string; options: TCodeGenerateOptions }) =>
      generateCodes(db, user, request),
    download: (user: UserRow, id: string) => downloadCodes(db, user, id),
  };
}

export type CodeService = ReturnType<typeof createCodeService>;
