import type { AppContext } from '../../context';
import { BackgroundLoop } from '../../lib/background-loop';
import { ProviderError } from './providers/provider';
import { providerFor } from './providers/provider-for';
import {
  findCredentialById,
  finishPoll,
  leaseDueCredential,
  linkedDevicesOfCredential,
  markDevicesSeen,
  upsertDevices,
} from './tracking-credential.repository';
import { accountOf, providerOptions } from './tracking-credential.service';
import { recordTruckPositions } from './truck-position.service';
import { simulatedTripsOf } from './simulated-trips.service';

/** The longest wait between polls of a failing provider. */
const MAX_BACKOFF_SECONDS = 60 * 60;
/** How long an instance holds a credential while polling it; a crashed instance's lease runs out. */
const LEASE_SECONDS = 120;

/** Seconds until the next poll after `failures` failures in a row: the interval, doubled per failure. */
export function nextPollSeconds(intervalSeconds: number, failures: number): number {
  return Math.min(MAX_BACKOFF_SECONDS, intervalSeconds * 2 ** Math.min(failures, 12));
}

/** What polling needs of the app: the database, the settings and the secret box. */
export type PollerContext = Pick<AppContext, 'db' | 'env' | 'secretBox'>;

interface Log {
  error: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
}

/**
 * Reads every active tracking account's provider in turn: its devices, then the latest position of each
 * device linked to a truck, stored as the truck's position. Each instance takes one due account at a
 * time under a lease (FOR UPDATE SKIP LOCKED), so several instances share the work and never poll one
 * account at once. A failing provider is asked again later and later, up to an hour.
 */
export class PositionPoller {
  private readonly loop: BackgroundLoop;

  constructor(
    private readonly ctx: PollerContext,
    private readonly log: Log,
    idleMs = 5_000,
  ) {
    this.loop = new BackgroundLoop(
      () => this.pollOne(),
      idleMs,
      (err) => this.log.error({ err }, 'tracking poller failed to take work'),
    );
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** Polls every due account now; tests use it instead of waiting. Returns how many were polled. */
  async pollDue(): Promise<number> {
    return this.loop.drain();
  }

  private async pollOne(): Promise<boolean> {
    const { ctx } = this;
    const leased = await leaseDueCredential(ctx.db, LEASE_SECONDS);
    if (!leased) return false;
    const interval = ctx.env.TRACKING_POLL_SECONDS;
    try {
      const view = await findCredentialById(ctx.db, leased.id);
      if (!view) return true;
      const provider = await providerFor(accountOf(ctx, view), {
        ...providerOptions(ctx),
        simulatedTrips: () => simulatedTripsOf(ctx.db, leased.id),
      });
      await upsertDevices(ctx.db, leased, await provider.devices());
      const trucksByDevice = new Map(
        (await linkedDevicesOfCredential(ctx.db, leased.id)).map((d) => [d.externalId, d]),
      );
      const positions = (await provider.latestPositions()).flatMap((p) => {
        const device = trucksByDevice.get(p.externalDeviceId);
        return device?.truckId ? [{ device, position: p }] : [];
      });
      const outcome = await recordTruckPositions(
        ctx,
        positions.map(({ device, position }) => ({
          ...position,
          truckId: device.truckId!,
          companyId: leased.companyId,
          source: view.company.kind,
        })),
      );
      if (outcome.refused.length > 0) {
        this.log.warn({ credentialId: leased.id, refused: outcome.refused }, 'tracking positions refused');
      }
      await markDevicesSeen(
        ctx.db,
        positions.map(({ device, position }) => ({ id: device.id, at: position.recordedAt })),
      );
      await finishPoll(ctx.db, leased.id, { ok: true }, interval);
    } catch (err) {
      const message = err instanceof ProviderError ? err.message : 'The positions could not be read.';
      if (!(err instanceof ProviderError))
        this.log.error({ err, credentialId: leased.id }, 'tracking poll failed');
      await finishPoll(
        ctx.db,
        leased.id,
        { ok: false, error: message },
        nextPollSeconds(interval, leased.pollFailures + 1),
      );
    }
    return true;
  }
}
