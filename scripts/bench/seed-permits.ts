import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../server/db/database';
import { permits, users } from '../../server/db/schema';
import type { PermitStatus } from '../../contract/permit-status';

export interface SeedPlan {
  /** The resident whose list the benchmark reads. */
  residentId: string;
  residentPermits: number;
  otherResidents: number;
  permitsPerOtherResident: number;
}

export interface SeededData {
  /** A registration fragment that matches a handful of the resident's permits. */
  selectiveTerm: string;
  /** A make that about one permit in ten has. */
  commonTerm: string;
  totalPermits: number;
}

type NewPermit = typeof permits.$inferInsert;

// Out of 100 permits: most are finished, as on a site that has run for a while; every status
// occurs, so the list's filters and the held-status checks meet realistic data.
const statusShares: ReadonlyArray<readonly [PermitStatus, number]> = [
  ['EXPIRED', 50],
  ['CANCELLED', 25],
  ['FAILED', 4],
  ['FAILED_LIMIT', 3],
  ['ACTIVE', 3],
  ['EXPIRE_PENDING', 3],
  ['SCHEDULED', 2],
  ['QUEUED', 2],
  ['CANCEL_PENDING', 2],
  ['CANCEL_FAILED', 2],
  ['UPDATE_PENDING', 2],
  ['UPDATE_FAILED', 2],
];
const statusCycle = statusShares.flatMap(([status, share]) =>
  Array.from({ length: share }, () => status),
);
const neverActivated: readonly PermitStatus[] = ['SCHEDULED', 'QUEUED', 'FAILED', 'FAILED_LIMIT'];

export const vehicles = [
  ['Ford', 'Fiesta'],
  ['Vauxhall', 'Corsa'],
  ['Volkswagen', 'Golf'],
  ['Toyota', 'Yaris'],
  ['BMW', '3 Series'],
  ['Audi', 'A3'],
  ['Nissan', 'Qashqai'],
  ['Kia', 'Sportage'],
  ['Tesla', 'Model 3'],
  ['Honda', 'Civic'],
] as const;
export const colours = ['Black', 'White', 'Silver', 'Grey', 'Blue', 'Red', 'Green'];
export const firstNames = [
  'Olivia',
  'Amelia',
  'Isla',
  'Ava',
  'Noah',
  'Oliver',
  'George',
  'Arthur',
  '',
];
export const lastNames = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Patel',
  'Wright',
  '',
];
// No I or Q, as on British plates; the benchmark marks the vehicles it creates with a Q.
export const letters = 'ABCDEFGHJKLMNOPRSTUVWXYZ';

const slotMinutes = 30;
const permitMinutes = 25;
const batchSize = 1_000;

/** A seeded pseudo-random sequence (mulberry32), so every run seeds the same data. */
export function randomSequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const twoDigits = Array.from({ length: 100 }, (_, value) => String(value).padStart(2, '0'));
const plateLetters = [...letters];

/** A British-looking registration, AB12CDE, drawn with `pick`, left to right. */
export function randomVrm(pick: <T>(list: readonly T[]) => T): string {
  const parts = [plateLetters, plateLetters, twoDigits, plateLetters, plateLetters, plateLetters];
  return parts.map((part) => pick(part)).join('');
}

/**
 * Inserts the benchmark's residents and permits in bulk. Every permit has its own half-hour slot
 * on one time line, so no two permits overlap whatever their vehicle, and every reference number
 * is unique: the database's integrity constraints hold without the API's checks. The resident's
 * permit limit is lifted beyond reach, so that every benchmarked create can succeed.
 */
export async function seedPermits(db: Database, plan: SeedPlan): Promise<SeededData> {
  const random = randomSequence(20_261_122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const otherIds = Array.from({ length: plan.otherResidents }, () => randomUUID());
  await db.insert(users).values(
    otherIds.map((id, index) => ({
      id,
      email: `bench-neighbour-${index}@kerbside.test`,
      firstName: 'Bench',
      lastName: `Neighbour ${index}`,
      // Not a hash of any password: these residents never sign in.
      passwordHash: 'bench-seed-no-login',
      permitLimit: 5,
    })),
  );

  const owners = [
    ...Array.from({ length: plan.residentPermits }, () => plan.residentId),
    ...otherIds.flatMap((id) => Array.from({ length: plan.permitsPerOtherResident }, () => id)),
  ];
  // Interleave the owners along the time line, as residents' permits interleave in real life.
  const timeline = owners
    .map((owner) => ({ owner, order: random() }))
    .sort((a, b) => a.order - b.order);
  const firstSlot = Date.now() - (timeline.length + 1) * slotMinutes * 60_000;
  const rows: NewPermit[] = timeline.map(({ owner }, slot) => {
    const start = new Date(firstSlot + slot * slotMinutes * 60_000);
    const status = statusCycle[Math.floor(random() * statusCycle.length)] as PermitStatus;
    const [make, model] = pick(vehicles);
    const vrm = randomVrm(pick);
    const activated = !neverActivated.includes(status);
    return {
      userId: owner,
      referenceNo: `BENCH-${String(slot).padStart(6, '0')}`,
      vrm,
      make,
      model,
      colour: pick(colours),
      driverFirst: pick(firstNames),
      driverLast: pick(lastNames),
      status,
      startTs: start,
      endTs: new Date(start.getTime() + permitMinutes * 60_000),
      activatedAt: activated ? start : null,
      providerRef: activated ? `PRV-${slot}` : null,
      createdAt: new Date(start.getTime() - 60 * 60_000),
      updatedAt: start,
    };
  });
  for (let offset = 0; offset < rows.length; offset += batchSize) {
    await db.insert(permits).values(rows.slice(offset, offset + batchSize));
  }

  await db.update(users).set({ permitLimit: 1_000_000 }).where(eq(users.id, plan.residentId));

  const residentRows = rows.filter((row) => row.userId === plan.residentId);
  const probe = residentRows[Math.floor(residentRows.length / 3)];
  if (!probe) throw new Error('The seed plan gives the resident no permits.');
  // The end of one registration, as a resident types part of a plate: it finds one or two permits.
  return { selectiveTerm: probe.vrm.slice(2), commonTerm: 'ford', totalPermits: rows.length };
}
