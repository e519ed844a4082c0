import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { runAdminCommand } from '../../server/admin/run-admin-command';
import { openDatabase, type Database, type DatabaseOptions } from '../../server/db/database';
import { permits, users } from '../../server/db/schema';
import { listPermits, parsePermitListQuery } from '../../server/permits/list-permits';
import { countLimitCountedPermits } from '../../server/permits/permit-allowance';
import { call, customTokenOf, registration, signInWithCustomToken } from '../stack/test-api';
import type { CleanupStack } from './cleanup-stack';
import { compareWithBaseline, type BaselineComparison } from './compare-with-baseline';
import { explainPermitQueries, type QueryPlan, type QueryProbe } from './explain-permit-queries';
import {
  measureEndpoint,
  type EndpointCase,
  type EndpointFigures,
  type LoadShape,
} from './measure-endpoint';
import { permitIndexes } from './permit-indexes';
import { seedPermits, type SeededData } from './seed-permits';
import { startApiProcess } from './start-api-process';
import { startBaselineProcess } from './start-baseline-process';

export interface DatabaseTarget {
  label: string;
  connection: DatabaseOptions;
  /** Where the open connections and API processes are registered while they run. */
  cleanups: CleanupStack;
  /** Measure only the list's first page (and the baseline), with the indexes. */
  listOnly?: boolean;
  /** Where the API host under load writes its CPU profiles (node --cpu-prof). */
  cpuProfileDir?: string;
}

export interface IndexPhase {
  figures: EndpointFigures[];
  /** PostgreSQL only: the plans of the API's queries in this phase. */
  plans: QueryPlan[] | null;
}

export interface DatabaseBenchmark {
  label: string;
  seeded: SeededData;
  /** What each search case finds, as the API counts it. */
  searchMatches: Record<string, number>;
  /** Empty when the run measured the list only. */
  withoutIndexes: IndexPhase;
  withIndexes: IndexPhase;
  /**
   * PostgreSQL only: the list's first page against the bare baseline route (baseline-app.ts) on
   * the same data, in alternating rounds of the indexed phase.
   */
  baseline: BaselineComparison | null;
}

const residentPermits = 10_000;
const pageSize = 20;
const deepPage = Math.floor((residentPermits / pageSize) * 0.8);
const permitsPath = '/api/v1/permits/';
// Seeded registrations never contain Q (see seed-permits.ts): this prefix marks the benchmark's own.
const createdVrmPrefix = 'Q';

async function withDatabase<T>(
  target: DatabaseTarget,
  work: (db: Database) => Promise<T>,
): Promise<T> {
  const connection = await openDatabase(target.connection);
  const unregister = target.cleanups.push(() => connection.close());
  try {
    return await work(connection.db);
  } finally {
    unregister();
    await connection.close();
  }
}

async function withApi<T>(
  target: DatabaseTarget,
  authEmulatorHost: string,
  work: (url: string) => Promise<T>,
  cpuProfileDir?: string,
): Promise<T> {
  const api = await startApiProcess(
    {
      ...target.connection,
      host: '127.0.0.1',
      port: 0,
      webOrigin: 'http://localhost:8080',
      authEmulatorHost,
      // The seeded permits include pending ones: a reconciler working through them would compete
      // with the requests being measured.
      reconciler: false,
    },
    cpuProfileDir,
  );
  const unregister = target.cleanups.push(() => api.stop());
  try {
    return await work(api.url);
  } finally {
    unregister();
    await api.stop();
  }
}

async function registerResident(
  target: DatabaseTarget,
  authEmulatorHost: string,
): Promise<{ residentId: string; idToken: string }> {
  const inviteCode = `BENCH-${randomUUID().slice(0, 8).toUpperCase()}`;
  await withDatabase(target, (db) =>
    runAdminCommand(db, { command: 'invite.create', code: inviteCode, uses: 1, permitLimit: 5 }),
  );
  const details = registration(inviteCode);
  const idToken = await withApi(target, authEmulatorHost, async (url) => {
    const answer = await call(`${url}/api/v1/auth/register/`, 'POST', { body: details });
    if (answer.status !== 201) {
      throw new Error(`Registration failed: ${JSON.stringify(answer.body)}`);
    }
    return signInWithCustomToken(customTokenOf(answer.body));
  });
  const residentId = await withDatabase(target, async (db) => {
    const [resident] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, details.email));
    if (!resident) throw new Error('The registered resident is not in the database.');
    return resident.id;
  });
  return { residentId, idToken };
}

const baselineRounds = 3;

async function withBaseline<T>(
  databaseUrl: string,
  residentId: string,
  cleanups: CleanupStack,
  work: (url: string) => Promise<T>,
): Promise<T> {
  const baseline = await startBaselineProcess({ databaseUrl, residentId });
  const unregister = cleanups.push(() => baseline.stop());
  try {
    return await work(baseline.url);
  } finally {
    unregister();
    await baseline.stop();
  }
}

const listFirstPage: EndpointCase = { name: 'list, page 1', method: 'GET', path: permitsPath };

function endpointCases(seeded: SeededData): { search: EndpointCase[]; all: EndpointCase[] } {
  const search: EndpointCase[] = [seeded.selectiveTerm, seeded.commonTerm].map((term, index) => ({
    name: `search, ${index === 0 ? 'selective' : 'common'} ("${term}")`,
    method: 'GET',
    path: `${permitsPath}?search=${encodeURIComponent(term)}`,
  }));
  let created = 0;
  const create: EndpointCase = {
    name: 'create (a new vehicle each time)',
    method: 'POST',
    path: permitsPath,
    nextBody: () => {
      created += 1;
      const start = new Date();
      return {
        vrm: `${createdVrmPrefix}${created.toString(36).toUpperCase().padStart(7, '0')}`,
        make: 'Ford',
        model: 'Focus',
        colour: 'Blue',
        driver_first: 'Bench',
        driver_last: 'Mark',
        start_ts: start.toISOString(),
        end_ts: new Date(start.getTime() + 2 * 60 * 60_000).toISOString(),
      };
    },
  };
  return {
    search,
    all: [
      listFirstPage,
      { name: `list, page ${deepPage}`, method: 'GET', path: `${permitsPath}?page=${deepPage}` },
      ...search,
      create,
    ],
  };
}

function queryProbes(residentId: string, seeded: SeededData): QueryProbe[] {
  const list = (name: string, query: Record<string, string>): QueryProbe => ({
    name,
    run: (db) => listPermits(db, residentId, parsePermitListQuery(query)),
  });
  return [
    list('list, page 1', {}),
    list(`list, page ${deepPage}`, { page: String(deepPage) }),
    list(`search "${seeded.selectiveTerm}"`, { search: seeded.selectiveTerm }),
    list(`search "${seeded.commonTerm}"`, { search: seeded.commonTerm }),
    { name: 'create: held-permit count', run: (db) => countLimitCountedPermits(db, residentId) },
  ];
}

/**
 * One database's run: a resident registered through the API and signed in at the Auth emulator,
 * 10,000 permits of theirs and 100 neighbours' seeded in bulk, then every endpoint under load
 * without migration 0004's indexes and again with them, on the same data (the permits one phase
 * creates are deleted before the next).
 */
export async function benchmarkDatabase(
  target: DatabaseTarget,
  authEmulatorHost: string,
  load: LoadShape,
): Promise<DatabaseBenchmark> {
  const { residentId, idToken } = await registerResident(target, authEmulatorHost);
  const seeded = await withDatabase(target, (db) =>
    seedPermits(db, {
      residentId,
      residentPermits,
      otherResidents: 100,
      permitsPerOtherResident: 50,
    }),
  );
  const cases = target.listOnly ? { search: [], all: [listFirstPage] } : endpointCases(seeded);
  const { databaseUrl } = target.connection;
  const searchMatches: Record<string, number> = {};
  let baseline: BaselineComparison | null = null;

  const phase = async (indexed: boolean): Promise<IndexPhase> => {
    await withDatabase(target, async (db) => {
      await db
        .delete(permits)
        .where(and(eq(permits.userId, residentId), like(permits.vrm, `${createdVrmPrefix}%`)));
      // Dropped first in both phases: the migrations have created them already.
      await permitIndexes.drop(db);
      if (indexed) await permitIndexes.create(db);
      // What autovacuum would have done on a live site: fresh statistics and visibility map.
      await db.execute(sql.raw('VACUUM ANALYZE "permits"'));
    });
    const plans = databaseUrl
      ? await explainPermitQueries(databaseUrl, queryProbes(residentId, seeded))
      : null;
    const figures = await withApi(
      target,
      authEmulatorHost,
      async (url) => {
        for (const endpointCase of cases.search) {
          const answer = await call(`${url}${endpointCase.path}`, 'GET', {
            headers: { authorization: `Bearer ${idToken}` },
          });
          searchMatches[endpointCase.name] = (answer.body as { count: number }).count;
        }
        // First, while the resident has exactly the seeded permits: the creates below add more.
        if (indexed && databaseUrl) {
          baseline = await withBaseline(databaseUrl, residentId, target.cleanups, (baselineUrl) =>
            compareWithBaseline(
              { url, idToken, endpointCase: listFirstPage },
              baselineUrl,
              load,
              baselineRounds,
            ),
          );
        }
        const measured: EndpointFigures[] = [];
        for (const endpointCase of cases.all) {
          measured.push(await measureEndpoint(url, idToken, endpointCase, load));
        }
        return measured;
      },
      target.cpuProfileDir,
    );
    return { figures, plans };
  };

  const withoutIndexes: IndexPhase = target.listOnly
    ? { figures: [], plans: null }
    : await phase(false);
  const withIndexes = await phase(true);
  return { label: target.label, seeded, searchMatches, withoutIndexes, withIndexes, baseline };
}
