import { sql } from 'drizzle-orm';
import type { ReportInput } from './report-definition';
import { numberOrNull, rowsOf } from './fleet-report.repository';

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

export interface TerminalFigures {
  terminal: string | null;
  tickets: number;
  trips: number;
  cost: number;
  missed: number;
  holdingBayHours: number | null;
  gateHours: number | null;
}

/**
 * The company's call-up tickets whose window opened in the range, per terminal and over all (GROUPING
 * SETS: the row without a terminal is the range's): their count, trips, cost, the windows missed (the truck
 * reached the terminal after the window closed, or has not and it is closed), and the waits measured once
 * the trucks were loaded, pooled over the tickets measured.
 */
export async function callUpFigures({ db, scope, window }: ReportInput): Promise<TerminalFigures[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`SELECT pt.name AS terminal, count(*)::int AS tickets, count(DISTINCT c.trip_id)::int AS trips,
        coalesce(sum(c.cost_kobo), 0)::bigint AS cost,
        count(*) FILTER (WHERE t.arrived_pickup_at > c.valid_until
          OR (t.arrived_pickup_at IS NULL AND c.valid_until <= ${at(window.now)}))::int AS missed,
        round(avg(c.holding_bay_minutes) / 60.0, 1) AS holding_bay_hours,
        round(avg(c.gate_minutes) / 60.0, 1) AS gate_hours
      FROM trip_call_ups c
      JOIN trips t ON t.id = c.trip_id
      JOIN terminals pt ON pt.id = c.terminal_id
      WHERE c.transporter_company_id = ${scope.companyId}
        AND c.valid_from >= ${at(window.fromAt)} AND c.valid_from < ${at(window.toAt)}
      GROUP BY GROUPING SETS ((pt.name), ())
      ORDER BY cost DESC, terminal`,
  );
  return rows.map((r) => ({
    terminal: (r.terminal as string | null) ?? null,
    tickets: Number(r.tickets),
    trips: Number(r.trips),
    cost: Number(r.cost),
    missed: Number(r.missed),
    holdingBayHours: numberOrNull(r.holding_bay_hours),
    gateHours: numberOrNull(r.gate_hours),
  }));
}
