import { pageMeta } from '@amp/contracts/fields';
import type { OrganisationKind } from '@amp/contracts/organisation';
import { PROVIDER_KINDS } from '@amp/contracts/organisation';
import {
  addScoreCardSums,
  EMPTY_SCORE_CARD_SUMS,
  rankScoreCards,
  type ScoreCardDetail,
  type ScoreCardDrillQuery,
  type ScoreCardListQuery,
  type ScoreCardOrder,
  type ScoreCardOwnerRow,
  type ScoreCardRow,
  scoreCardFigures,
} from '@amp/contracts/score-card';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { Principal } from '../../plugins/auth.js';
import { findOrganisation } from '../registration/registration.public.js';
import { type DrillRow, drillDown, type ScoreCardScope, scoreCardKnown, scoreCardSums } from './score-card.repository.js';

/** Whose work orders a holder of viewScoreCard ranks: the platform's super admin every owner's, an owner its own. */
function rankingScope(principal: Principal): ScoreCardScope {
  return principal.organisationKind === 'platform' ? {} : { ownerId: principal.organisationId };
}

const kindOf = (kind: string) => kind as OrganisationKind;

/** A computation under way for a key, and the one queued to start when it ends (shared by all who wait for it). */
interface Flight {
  running: Promise<unknown>;
  next?: Promise<unknown>;
}
const flights = new WeakMap<Db, Map<string, Flight>>();

function startFlight<T>(byKey: Map<string, Flight>, key: string, run: () => Promise<T>): Promise<T> {
  const running = run();
  const flight: Flight = { running };
  byKey.set(key, flight);
  const done = () => {
    if (flight.next === undefined && byKey.get(key) === flight) byKey.delete(key);
  };
  running.then(done, done);
  return running;
}

/**
 * Runs `run` for `key`, sharing one computation among concurrent callers: a ranking reads all of an
 * owner's work orders (100,000 in issue 12's benchmark), and twenty people opening the page at once
 * would otherwise run it twenty times side by side. A caller never gets a computation that started
 * before it asked (it might miss a write it has just made): while one runs, callers queue for the
 * next, which starts when it ends and answers all of them.
 */
function coalesced<T>(db: Db, key: string, run: () => Promise<T>): Promise<T> {
  let byKey = flights.get(db);
  if (!byKey) {
    byKey = new Map();
    flights.set(db, byKey);
  }
  const flight = byKey.get(key);
  if (!flight) return startFlight(byKey, key, run);
  const map = byKey;
  flight.next ??= flight.running.then(
    () => startFlight(map, key, run),
    () => startFlight(map, key, run),
  );
  return flight.next as Promise<T>;
}

/** The caller's providers ranked (shared by concurrent callers of the same scope: never modify the rows). */
function ranked(db: Db, principal: Principal, now?: Date): Promise<readonly ScoreCardRow[]> {
  const scope = rankingScope(principal);
  const compute = async (at: Date) => {
    const rows = await scoreCardSums(db, scope, 'provider', at);
    return rankScoreCards(rows.map((row) => ({ ...row, figures: scoreCardFigures(row.sums) }))).map((row) => ({
      rank: row.rank,
      provider: { _id: row.id, name: row.name, kind: kindOf(row.kind) },
      figures: row.figures,
    }));
  };
  // An explicit instant (tests) is computed on its own; otherwise "now" is when the shared computation starts.
  if (now) return compute(now);
  return coalesced(db, `ranked:${scope.ownerId ?? 'platform'}`, () => compute(new Date()));
}

/** GET /v2/score-card/all/list: the caller's providers, ranked over all of them, then searched by name and paged. */
export async function list(db: Db, principal: Principal, query: ScoreCardListQuery, now?: Date) {
  const all = await ranked(db, principal, now);
  const search = query.search?.toLocaleLowerCase();
  const found = search ? all.filter((row) => row.provider.name.toLocaleLowerCase().includes(search)) : all;
  const start = (query.page - 1) * query.pageSize;
  return { data: found.slice(start, start + query.pageSize), meta: pageMeta(query.page, query.pageSize, found.length) };
}

async function ownerBreakdown(db: Db, scope: ScoreCardScope, now: Date) {
  const rows = await scoreCardSums(db, scope, 'owner', now);
  const owners: ScoreCardOwnerRow[] = rows
    .map((row) => ({ owner: { _id: row.id, name: row.name }, figures: scoreCardFigures(row.sums) }))
    .sort((a, b) => a.owner.name.localeCompare(b.owner.name));
  const total = rows.reduce((sum, row) => addScoreCardSums(sum, row.sums), EMPTY_SCORE_CARD_SUMS);
  return { owners, total };
}

/** GET /v2/score-card/{id}: one of the caller's providers (404 for one it never worked with). */
export async function detail(db: Db, principal: Principal, providerId: string, now?: Date): Promise<ScoreCardDetail> {
  const all = await ranked(db, principal, now);
  const row = all.find((r) => r.provider._id === providerId);
  if (!row) throw notFound('Provider');
  // Platform-wide, the card also splits by owner (as the provider's own does).
  const owners = principal.organisationKind === 'platform' ? (await ownerBreakdown(db, { providerId }, now ?? new Date())).owners : [];
  return { provider: row.provider, rank: row.rank, ranked: all.length, figures: row.figures, owners };
}

/** GET /v2/score-card/mine: the caller's provider organisation across every owner it serves, and per owner. */
export async function mine(db: Db, principal: Principal, now = new Date()): Promise<ScoreCardDetail> {
  const provider = await ownProvider(db, principal);
  const { owners, total } = await ownerBreakdown(db, { providerId: provider._id }, now);
  return { provider, rank: null, ranked: 0, figures: scoreCardFigures(total), owners };
}

/** Only a provider organisation has a card of its own (an owner's staff given viewOwnScoreCard has none). */
async function ownProvider(db: Db, principal: Principal) {
  const org = await findOrganisation(db, principal.organisationId);
  if (!org || !(PROVIDER_KINDS as readonly string[]).includes(org.kind)) throw notFound('Score card');
  return { _id: org.id, name: org.name, kind: kindOf(org.kind) };
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const hours = (value: string | number | null) => (value === null ? null : Math.round(Number(value) * 10) / 10);

function toOrder(row: DrillRow): ScoreCardOrder {
  return {
    _id: row.id,
    type: row.type,
    code: row.code,
    title: row.title,
    status: row.status,
    owner: { _id: row.ownerId, name: row.ownerName },
    sentAt: iso(row.sentAt),
    acceptedAt: iso(row.acceptedAt),
    completedAt: iso(row.completedAt),
    responseTargetHours: row.responseTargetHours,
    resolutionTargetHours: row.resolutionTargetHours,
    responseHours: hours(row.respondHours),
    resolutionHours: hours(row.resolveHours),
    rating: row.rating,
    unsatisfactory: Number(row.unsatisfactory),
    recalls: Number(row.recalls),
  };
}

async function drillPage(db: Db, scope: ScoreCardScope, query: ScoreCardDrillQuery, now: Date) {
  const { rows, total } = await drillDown(db, scope, query.metric, query, now);
  return { data: rows.map(toOrder), meta: pageMeta(query.page, query.pageSize, total) };
}

/** GET /v2/score-card/{id}/work-orders: the orders behind one figure of one of the caller's providers. */
export async function drill(db: Db, principal: Principal, providerId: string, query: ScoreCardDrillQuery, now = new Date()) {
  const base = rankingScope(principal);
  if (!(await scoreCardKnown(db, { ...base, providerId }))) throw notFound('Provider');
  // Platform-wide, the drill-down may narrow to one owner; an owner only ever sees its own.
  const ownerId = base.ownerId ?? query.owner;
  return drillPage(db, { providerId, ...(ownerId ? { ownerId } : {}) }, query, now);
}

/** GET /v2/score-card/mine/work-orders: the orders behind one figure of the caller's own card (optionally one owner's). */
export async function mineDrill(db: Db, principal: Principal, query: ScoreCardDrillQuery, now = new Date()) {
  const provider = await ownProvider(db, principal);
  return drillPage(db, { providerId: provider._id, ...(query.owner ? { ownerId: query.owner } : {}) }, query, now);
}
