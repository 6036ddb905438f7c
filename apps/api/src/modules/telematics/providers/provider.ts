import type { PositionRow } from '../truck-position.repository';

/** A device as a tracking company lists it. */
export interface ProviderDevice {
  externalId: string;
  name: string;
  uniqueId: string;
}

/** A position as a tracking company reports it, before the platform's own checks. */
export type ProviderPosition = Omit<PositionRow, 'source' | 'place'> & {
  externalDeviceId: string;
};

/** What the platform reads from a tracking company through a transporter's account. */
export interface TrackingProvider {
  /** Signs in; throws a ProviderError the transporter can act on when the account does not work. */
  check(): Promise<void>;
  devices(): Promise<ProviderDevice[]>;
  /** The latest position of every device the account sees. */
  latestPositions(): Promise<ProviderPosition[]>;
}

export type ProviderFailure = 'REFUSED' | 'UNREACHABLE' | 'TIMEOUT' | 'MALFORMED';

/** A provider that refused, could not be reached, took too long or answered nonsense: said plainly. */
export class ProviderError extends Error {
  constructor(
    readonly failure: ProviderFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
