import {
  and,
  desc,
  eq,
  gte,
  inArray,
  lt,
  lte,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../db/database';
import { preparedPerDatabase } from '../db/prepared-per-database';
import { permits } from '../db/schema';
import { HttpError } from '../http/http-error';
import { parseSiteDateBound } from './parse-site-time';
import { isPermitStatus, permitStatuses, type PermitStatus } from '../../contract/permit-status';
import { permitListPageSize, permitSearchMaxLength } from '../../contract/permit-rules';
import { permitResponseColumns, type PermitResponseRow } from './serialize-permit';

export interface PermitListQuery {
  statuses: PermitStatus[];
  /** Created at this instant or after it. */
  createdFrom?: Date;
  /** Created before this instant, or at it too when `inclusive`. */
  createdThrough?: { instant: Date; inclusive: boolean };
  search?: string;
  page: number;
}

type RawQuery = Record<string, string | string[] | undefined>;

function valuesOf(query: RawQuery, key: string): string[] {
  const value = query[key];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function lastValueOf(query: RawQuery, key: string): string | undefined {
  return valuesOf(query, key).at(-1);
}

/**
 * Reads the list's query string as Django REST framework's filters would: unknown statuses and
 * unreadable dates are 400s; a page that is not a positive whole number is 404 "Invalid page.".
 */
export function parsePermitListQuery(query: RawQuery): PermitListQuery {
  const errors: Record<string, string[]> = {};
  const statuses: PermitStatus[] = [];
  for (const status of valuesOf(query, 'status').filter((value) => value !== '')) {
    if (isPermitStatus(status)) statuses.push(status);
    else {
      (errors.status ??= []).push(
        `Select a valid choice. ${status} is not one of the available choices.`,
      );
    }
  }
  const bound = (key: string, side: 'from' | 'through') => {
    const text = lastValueOf(query, key)?.trim();
    if (!text) return undefined;
    const parsed = parseSiteDateBound(text, side);
    if (!parsed) {
      errors[key] = ['Enter a valid date or date-time (YYYY-MM-DD or YYYY-MM-DDThh:mm).'];
      return undefined;
    }
    return parsed;
  };
  const createdFrom = bound('start_date', 'from')?.instant;
  const createdThrough = bound('end_date', 'through');
  const search = lastValueOf(query, 'search')?.trim();
  if (search && search.length > permitSearchMaxLength) {
    errors.search = [`Ensure this field has no more than ${permitSearchMaxLength} characters.`];
  }
  if (Object.keys(errors).length > 0) throw new HttpError(400, errors);

  const pageText = lastValueOf(query, 'page') ?? '1';
  const page = /^\d{1,9}$/.test(pageText) ? Number(pageText) : 0;
  if (page < 1) throw invalidPage();
  return { statuses, createdFrom, createdThrough, search: search || undefined, page };
}

function invalidPage(): HttpError {
  return new HttpError(404, { detail: 'Invalid page.' });
}

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * A search pattern read through a sub-select, which PostgreSQL runs once per statement: the plan
 * cannot depend on the pattern's text. So the prepared search keeps one generic plan; given the
 * pattern itself, PostgreSQL planned the statement afresh for each run's pattern (no generic plan
 * in 50 runs, pg_prepared_statements).
 */
function patternOnceARun(pattern: string | Placeholder): SQL {
  return sql`(SELECT ${pattern}::text)`;
}

/**
 * The search: the registration ignoring spaces, or the other text fields together. Each side is
 * one ILIKE over an expression that a pg_trgm GIN index can serve (migration 0004). Given
 * placeholders, the same condition for a prepared statement (`searchPatterns` fills them).
 */
function searchCondition(patterns: {
  vrmPattern: string | Placeholder;
  textPattern: string | Placeholder;
}): SQL | undefined {
  const text = sql`(${permits.referenceNo} || ' ' || ${permits.make} || ' ' || ${permits.model} || ' ' || ${permits.colour} || ' ' || ${permits.driverFirst} || ' ' || ${permits.driverLast}) ILIKE ${patternOnceARun(patterns.textPattern)}`;
  return or(sql`${permits.vrm} ILIKE ${patternOnceARun(patterns.vrmPattern)}`, text);
}

/**
 * The ILIKE patterns of a search term (trimmed, not empty: parsePermitListQuery): the registration
 * without spaces, and the term itself.
 */
function searchPatterns(term: string): { vrmPattern: string; textPattern: string } {
  return { vrmPattern: likePattern(term.replace(/\s+/g, '')), textPattern: likePattern(term) };
}

const newestFirst = [desc(permits.createdAt), desc(permits.id)];

/** A page's columns: the response's, and how many permits `where` picks in all. */
function rowsWithTotal(where: SQL | undefined) {
  return {
    permit: permitResponseColumns,
    total: sql<number>`(SELECT count(*) FROM ${permits} WHERE ${where})`.mapWith(Number),
  };
}

/**
 * One page of the permits `where` picks, newest first, each row with how many match in all, in one
 * statement (one round trip). Only the columns the response shows are read. The count is a scalar
 * subquery PostgreSQL runs once beside the page or, with `countInPass`, a window count in the scan
 * that finds the page: for a search, which reads each of the resident's rows to test its text.
 * Page 1 has no OFFSET: given an OFFSET parameter, PostgreSQL priced the dated list's generic plan
 * too high to use it and planned the prepared statement afresh at every run (pg_prepared_statements
 * showed 50 custom plans in 50 runs; without the OFFSET, generic plans from the sixth run on).
 */
function pageStatement(
  db: Database,
  where: SQL | undefined,
  options: { offset?: number | Placeholder; countInPass?: boolean } = {},
) {
  const columns = options.countInPass
    ? { permit: permitResponseColumns, total: sql<number>`count(*) over ()`.mapWith(Number) }
    : rowsWithTotal(where);
  const page = db
    .select(columns)
    .from(permits)
    .where(where)
    .orderBy(...newestFirst)
    .limit(permitListPageSize)
    .$dynamic();
  return options.offset ? page.offset(options.offset) : page;
}

/**
 * `pageStatement` for a page past the first of a resident's whole list: the page's ids are picked
 * from the newest-first index alone, then only the page's own rows read, instead of every row
 * skipped. Page 100 of a 2,763-permit resident at 1,000,000 permits: 0.7-1.1 ms a call and 1,915
 * buffers read directly, 0.34-0.46 ms and 106 buffers so. On page 1, which skips nothing, the extra
 * step cost a typical resident 0.16 ms → 0.18-0.23 ms a call, so page 1 is read directly.
 */
function deepPageStatement(db: Database, where: SQL, offset: Placeholder) {
  const pageIds = db
    .select({ id: permits.id })
    .from(permits)
    .where(where)
    .orderBy(...newestFirst)
    .limit(permitListPageSize)
    .offset(offset);
  return db
    .select(rowsWithTotal(where))
    .from(permits)
    .where(inArray(permits.id, pageIds))
    .orderBy(...newestFirst);
}

/** Every permit of the resident: the list with no filter and no search. */
const wholeList = eq(permits.userId, sql.placeholder('userId'));

/** Page 1 of the list with no filter and no search ("Show all dates" with every status). */
const plainList = preparedPerDatabase((db) =>
  pageStatement(db, wholeList).prepare('kerbside_plain_permit_list'),
);

/** The same list's pages past the first. */
const plainListDeepPage = preparedPerDatabase((db) =>
  deepPageStatement(db, wholeList, sql.placeholder('offset')).prepare(
    'kerbside_plain_permit_list_deep_page',
  ),
);

/**
 * The list as My Permits first asks for it, every time it opens: every status, created from one
 * instant until before another (today in London), no search, page 1. Prepared, as the host then
 * neither builds the statement nor has PostgreSQL parse and plan it at each request.
 */
const datedList = preparedPerDatabase((db) =>
  pageStatement(
    db,
    and(
      eq(permits.userId, sql.placeholder('userId')),
      gte(permits.createdAt, sql.placeholder('from')),
      lt(permits.createdAt, sql.placeholder('before')),
    ),
  ).prepare('kerbside_dated_permit_list'),
);

/**
 * A search of every status and all dates, as My Permits sends it after "Show all dates", prepared:
 * built once, parsed and planned once per connection. So, and counted in one pass, the council
 * bench's search went from 1,851 to 4,233 requests a second (docs/performance.md).
 */
const plainSearch = preparedPerDatabase((db) =>
  pageStatement(
    db,
    and(
      eq(permits.userId, sql.placeholder('userId')),
      searchCondition({
        vrmPattern: sql.placeholder('vrmPattern'),
        textPattern: sql.placeholder('textPattern'),
      }),
    ),
    { offset: sql.placeholder('offset'), countInPass: true },
  ).prepare('kerbside_plain_permit_search'),
);

/** The statement's condition for any other list: a status, an inclusive end or a search. */
function filteredWhere(userId: string, statuses: PermitStatus[], query: PermitListQuery) {
  const { createdFrom, createdThrough, search } = query;
  return and(
    eq(permits.userId, userId),
    statuses.length > 0 ? inArray(permits.status, statuses) : undefined,
    createdFrom ? gte(permits.createdAt, createdFrom) : undefined,
    createdThrough
      ? (createdThrough.inclusive ? lte : lt)(permits.createdAt, createdThrough.instant)
      : undefined,
    search ? searchCondition(searchPatterns(search)) : undefined,
  );
}

/** One page of the resident's permits, newest first, and how many match in all. */
export async function listPermits(
  db: Database,
  userId: string,
  query: PermitListQuery,
): Promise<{ count: number; results: PermitResponseRow[] }> {
  const offset = (query.page - 1) * permitListPageSize;
  // Every status chosen (My Permits sends all twelve by default, and "Show all dates" keeps them)
  // is no condition at all: the permits_status check admits no other value (migration 0002). Left
  // out, the newest-first index (permits_user_newest_idx) serves the page instead of a read of all
  // the resident's permits through permits_user_status_idx and a sort.
  const statuses = new Set(query.statuses).size === permitStatuses.length ? [] : query.statuses;
  const { createdFrom, createdThrough, search } = query;
  const everyStatus = statuses.length === 0;
  const allDates = !createdFrom && !createdThrough;
  let rows: Array<{ permit: PermitResponseRow; total: number }>;
  if (everyStatus && allDates && search) {
    rows = await plainSearch(db).execute({ userId, ...searchPatterns(search), offset });
  } else if (everyStatus && allDates) {
    rows = await (query.page > 1
      ? plainListDeepPage(db).execute({ userId, offset })
      : plainList(db).execute({ userId }));
  } else if (
    everyStatus &&
    !search &&
    query.page === 1 &&
    createdFrom &&
    createdThrough &&
    !createdThrough.inclusive
  ) {
    // As text: the drivers (node-postgres, PGlite) then agree on the instant.
    rows = await datedList(db).execute({
      userId,
      from: createdFrom.toISOString(),
      before: createdThrough.instant.toISOString(),
    });
  } else {
    const where = filteredWhere(userId, statuses, query);
    rows = await pageStatement(db, where, { offset, countInPass: Boolean(search) });
  }
  // No row: nothing matches at all (page 1 of an empty list), or the page lies past the last.
  if (rows.length === 0 && query.page > 1) throw invalidPage();
  return { count: rows[0]?.total ?? 0, results: rows.map((row) => row.permit) };
}
