/**
 * Fault 2: the API gets SIGTERM under the mixed write load (as an orchestrator stops an instance) and is
 * started again on the same port. Requests already under way must be answered, none cut off; requests
 * after the signal are refused cleanly (503 on a kept-alive connection, or the connection refused once
 * it stopped listening); open event streams are ended so the close does not wait on them; the process
 * exits 0 in a few seconds; the new process serves; and no acknowledged write is missing.
 */
import { atLeast, atMost, reported, type Figure } from './figures';
import { driveMixedWrite, planMixedWrite, verifyAcks } from './mixed-write-load';
import { recorderSpecs, type ChaosWorld } from './chaos-world';
import { send, startRecorder } from './request-recorder';
import { fivexxOtherThan503, missingWrites, sleep } from './chaos-figures';

export const SCENARIO = 'chaos: SIGTERM under load';
const LOAD = { connections: 32, seconds: 30 };
const BEFORE_MS = 6_000;
/** Draining takes as long as the slowest request under way: well under a second here. */
const EXIT_WITHIN_MS = 5_000;
/**
 * A request counts as under way at the signal when it was sent this long before it: on loopback it has
 * then reached the server. One sent in the same instant may still be in the client's socket when the
 * server closes that connection as idle, which is the refusal a client retries, not a cut answer.
 */
const IN_FLIGHT_MARGIN_MS = 20;
/** How a request sent after the signal may be refused: a 503 answer or no connection at all. */
const CLEAN_REFUSALS = new Set(['ECONNREFUSED', 'UND_ERR_SOCKET', 'ECONNRESET']);

export async function runGracefulShutdown(world: ChaosWorld): Promise<Figure[]> {
  const { database, origin } = world;
  const plan = await planMixedWrite(database, { origin, settings: LOAD, tokens: world.tokens });
  const loading = driveMixedWrite(plan);
  const recorder = startRecorder(() => origin, 8, recorderSpecs(world));
  await sleep(BEFORE_MS);
  const stream = openEventStream(`${origin}/api/v1/trips/open-access/${plan.trackingIds[0]}/events`);
  await stream.opened;

  const old = world.api;
  const signalled = performance.now();
  old.kill('SIGTERM');
  const exit = await old.exited;
  const exitMs = exit.at - signalled;
  console.info(
    `  SIGTERM: exited with ${exit.code ?? exit.signal} after ${Math.round(exitMs)} ms; starting again`,
  );
  const restartBegan = performance.now();
  world.api = await world.startApi();
  const restartMs = performance.now() - restartBegan;

  const { output, acks } = await loading;
  const records = await recorder.stop();
  const verification = await verifyAcks(database.db, acks);

  const inFlight = records.filter(
    (r) => r.startedAt <= signalled - IN_FLIGHT_MARGIN_MS && r.endedAt >= signalled,
  );
  const cut = inFlight.filter((r) => r.status === null);
  const after = records.filter((r) => r.startedAt > signalled && r.startedAt < exit.at);
  const unclean = after.filter((r) =>
    r.status !== null ? r.status !== 503 && r.status >= 500 : !CLEAN_REFUSALS.has(r.error ?? ''),
  );
  const firstAnswer = records.find((r) => r.startedAt > restartBegan && r.status !== null);
  // Every kind the recorder sends, once more on the new process.
  const again = await Promise.all(recorderSpecs(world).map((spec) => send(origin, spec)));
  const servedAgain = again.every((r) => r.status !== null && r.status < 300);
  for (const r of [...cut, ...unclean].slice(0, 5)) {
    console.info(
      `  ${r.kind}: ${r.status ?? r.error} (${Math.round(r.startedAt - signalled)} ms from the signal)`,
    );
  }

  return [
    reported(SCENARIO, 'requests under way at the signal', inFlight.length, ''),
    atMost(SCENARIO, 'requests under way cut off without an answer', cut.length, '', 0),
    reported(SCENARIO, 'requests sent after the signal, before the exit', after.length, ''),
    reported(
      SCENARIO,
      'of those answered 503',
      after.filter((r) => r.status === 503).length,
      '',
      'the rest found the connection closed or refused',
    ),
    atMost(SCENARIO, 'requests after the signal refused uncleanly (5xx, hang)', unclean.length, '', 0),
    atLeast(
      SCENARIO,
      'open event stream ended by the server before the exit',
      stream.endedBy(exit.at) ? 1 : 0,
      '',
      1,
    ),
    atMost(SCENARIO, 'exit code', exit.code, '', 0),
    atMost(SCENARIO, 'time from SIGTERM to exit', Math.round(exitMs), 'ms', EXIT_WITHIN_MS),
    reported(
      SCENARIO,
      'time from restart to its first answer',
      firstAnswer ? Math.round(firstAnswer.endedAt - restartBegan) : null,
      'ms',
    ),
    reported(SCENARIO, 'time from restart to healthy', Math.round(restartMs), 'ms'),
    atLeast(SCENARIO, 'restarted process answers every recorded kind 2xx', servedAgain ? 1 : 0, '', 1),
    atMost(SCENARIO, '5xx answers other than 503 in the load', fivexxOtherThan503(output), '', 0),
    reported(SCENARIO, 'writes acknowledged during the run', acks.length, ''),
    atMost(SCENARIO, 'acknowledged writes missing from the database', missingWrites(verification), '', 0),
  ];
}

/** An SSE client: resolves `opened` on the answer's headers and notes when the server ends the stream. */
function openEventStream(url: string): { opened: Promise<void>; endedBy(at: number): boolean } {
  let endedAt: number | null = null;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  void (async () => {
    try {
      const res = await fetch(url, { headers: { accept: 'text/event-stream' } });
      open();
      const reader = res.body!.getReader();
      while (!(await reader.read()).done);
      endedAt = performance.now();
    } catch {
      // Cut rather than ended: endedAt stays null.
      open();
    }
  })();
  return { opened, endedBy: (at) => endedAt !== null && endedAt <= at };
}
