import {
  SCORECARD_RECENT_DAYS,
  SCORECARD_WINDOW_DAYS,
  customerAdvice,
  customerScore,
  percentOf,
  transporterAdvice,
  transporterScore,
  type CustomerFigures,
  type Scorecard,
  type ScoreSummary,
  type TransporterFigures,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { notFound } from '../../errors';
import type { Principal } from '../../plugins/auth';
import { ratingSummaries } from '../rating';
import {
  companyForScorecard,
  countTrackingCoverage,
  customerFigures,
  queueActiveCompanies,
  queueScorecard,
  replaceCompanyLanes,
  saveScorecard,
  scorecardsOf,
  takeQueuedCompanies,
  transporterFigures,
  type Windows,
} from './scorecard.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Companies one run of the refresh job counts; the rest wait for the next minute's run. */
export const SCORECARDS_PER_RUN = 200;

type Side = Scorecard['side'];

function windowsAt(now: Date): Windows {
  return {
    from: new Date(now.getTime() - SCORECARD_WINDOW_DAYS * DAY_MS),
    recentFrom: new Date(now.getTime() - SCORECARD_RECENT_DAYS * DAY_MS),
  };
}

const sideOf = (type: string): Side | null =>
  type === 'TRANSPORTER' ? 'transporter' : type === 'CUSTOMER' ? 'customer' : null;

async function ratingOf(db: Executor, companyId: string, side: Side, now: Date) {
  const [summary] = await ratingSummaries(db, [companyId], side, now);
  return { average: summary?.average ?? null, count: summary?.count ?? 0 };
}

/** Counts one company's card from its records now, and keeps it (with a transporter's lanes). */
export async function refreshScorecard(ctx: AppContext, companyId: string, now = new Date()): Promise<void> {
  const company = await companyForScorecard(ctx.db, companyId);
  const side = company ? sideOf(company.type) : null;
  if (!side) return;
  const windows = windowsAt(now);
  await ctx.db.transaction(async (tx) => {
    if (side === 'transporter') {
      await countTrackingCoverage(tx, companyId, windows.from);
      const figures: TransporterFigures = {
        ...(await transporterFigures(tx, companyId, windows)),
        rating: await ratingOf(tx, companyId, side, now),
      };
      await replaceCompanyLanes(tx, companyId, windows.from);
      await saveScorecard(tx, {
        companyId,
        side,
        figures,
        score: transporterScore(figures),
        trips: figures.completedTripsAll,
        computedAt: now,
      });
    } else {
      const figures: CustomerFigures = {
        ...(await customerFigures(tx, companyId, windows, now)),
        rating: await ratingOf(tx, companyId, side, now),
      };
      await saveScorecard(tx, {
        companyId,
        side,
        figures,
        score: customerScore(figures),
        trips: figures.tripsAll,
        computedAt: now,
      });
    }
  });
}

/** The refresh job: recounts the companies the triggers noted; answers how many were counted. */
export async function refreshQueuedScorecards(ctx: AppContext, limit = SCORECARDS_PER_RUN): Promise<number> {
  const companyIds = await takeQueuedCompanies(ctx.db, limit);
  for (const companyId of companyIds) {
    try {
      await refreshScorecard(ctx, companyId);
    } catch (err) {
      // Noted again, for the next run: a card left stale is better than one lost.
      await queueScorecard(ctx.db, companyId);
      throw err;
    }
  }
  return companyIds.length;
}

/** The nightly job: every company with trips in the window is noted, as the windows move on by a day. */
export async function queueNightlyRecount(ctx: AppContext, now = new Date()): Promise<number> {
  return queueActiveCompanies(ctx.db, windowsAt(now).from);
}

const EMPTY_TRANSPORTER: TransporterFigures = {
  completedTripsRecent: 0,
  completedTripsAll: 0,
  onTimePickup: { count: 0, of: 0 },
  onTimeDelivery: { count: 0, of: 0 },
  trackingCoverage: { count: 0, of: 0 },
  issues: { byType: {}, trips: 0 },
  cancellationsAfterAward: { count: 0, of: 0 },
  proofOfDeliveryOnTime: { count: 0, of: 0 },
  rating: { average: null, count: 0 },
};

const EMPTY_CUSTOMER: CustomerFigures = {
  tripsRecent: 0,
  tripsAll: 0,
  daysToPay: { totalDays: 0, invoices: 0 },
  overdue: { count: 0, of: 0 },
  waitingAtSites: { totalHours: 0, stops: 0 },
  cancellationsAfterAward: { count: 0, of: 0 },
  rating: { average: null, count: 0 },
};

/**
 * Whether the caller may read a company's card: its own company, the back office, and the companies on
 * the other side of the market (customers read transporters' cards, transporters and their fleet managers
 * customers'), verified and not suspended. Competitors do not read each other's; anyone else is told the
 * company does not exist (404), as for any object a caller may not see.
 */
function mayRead(
  principal: Principal,
  company: { id: string; type: string; verificationStatus: string; suspendedAt: Date | null },
): boolean {
  if (principal.companyId === company.id || principal.role === 'role_admin') return true;
  if (company.verificationStatus !== 'VERIFIED' || company.suspendedAt) return false;
  if (principal.role === 'role_customer') return company.type === 'TRANSPORTER';
  return company.type === 'CUSTOMER';
}

/**
 * The company whose card the caller may read, with its side; 404 for any other. A company's profile is
 * read by the same rule.
 */
export async function readableCompany(db: Executor, principal: Principal, companyId: string) {
  const company = await companyForScorecard(db, companyId);
  const side = company ? sideOf(company.type) : null;
  if (!company || !side || !mayRead(principal, company)) throw notFound('Company');
  return { ...company, side };
}

/** A company's card, with what would raise it when it is the caller's own. */
export async function getScorecard(
  ctx: AppContext,
  principal: Principal,
  companyId: string,
): Promise<Scorecard> {
  const company = await readableCompany(ctx.db, principal, companyId);
  const side = company.side;
  const [row] = await scorecardsOf(ctx.db, [companyId]);
  const own = principal.companyId === companyId;
  const base = {
    companyId,
    companyName: company.name,
    score: row?.score ?? null,
    computedAt: row?.computedAt.toISOString() ?? null,
  };
  if (side === 'transporter') {
    const figures = (row?.figures as TransporterFigures | undefined) ?? EMPTY_TRANSPORTER;
    return { side, ...base, figures, ...(own ? { advice: transporterAdvice(figures) } : {}) };
  }
  const figures = (row?.figures as CustomerFigures | undefined) ?? EMPTY_CUSTOMER;
  return { side, ...base, figures, ...(own ? { advice: customerAdvice(figures) } : {}) };
}

/** What a bid shows of its transporter, or an order of its customer, for many companies in one read. */
export async function scoreSummaries(
  db: Executor,
  companyIds: readonly string[],
): Promise<Map<string, ScoreSummary>> {
  const rows = await scorecardsOf(db, [...new Set(companyIds)]);
  const byId = new Map(rows.map((r) => [r.companyId, r]));
  return new Map(
    companyIds.map((id) => {
      const row = byId.get(id);
      if (!row)
        return [id, { score: null, trips: 0, rating: { average: null, count: 0 }, headlinePercent: null }];
      const figures = row.figures as TransporterFigures & CustomerFigures;
      const headline =
        row.side === 'transporter'
          ? percentOf(figures.onTimeDelivery)
          : (() => {
              const late = percentOf(figures.overdue);
              return late === null ? null : 100 - late;
            })();
      return [id, { score: row.score, trips: row.trips, rating: figures.rating, headlinePercent: headline }];
    }),
  );
}
