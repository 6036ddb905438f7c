import type { TrackingAuthMethod, TrackingProviderKind } from '@freightlane/domain';
import { isPublicUrl } from '../../../lib/outbound-host';
import { ProviderError, type TrackingProvider } from './provider';
import { SimulatorProvider, type SimulatedTrips } from './simulator';
import { TraccarProvider } from './traccar';

/** A credential's connection details with its secret opened. */
export interface ProviderAccount {
  kind: TrackingProviderKind;
  baseUrl: string | null;
  authMethod: TrackingAuthMethod | null;
  username: string | null;
  secret: string | null;
}

export interface ProviderOptions {
  /** Lets accounts point at this machine or a private network (tests, a Traccar beside the API). */
  allowInternalHosts: boolean;
  timeoutMs?: number;
  /** How fast the simulator's trucks drive. */
  simulatorSpeedKmh?: number;
  /** Where the simulator's trackers drive: their trucks' live trips. */
  simulatedTrips?: SimulatedTrips;
}

/** The provider that reads positions through `account`. */
export async function providerFor(
  account: ProviderAccount,
  options: ProviderOptions,
): Promise<TrackingProvider> {
  switch (account.kind) {
    case 'SIMULATOR':
      return new SimulatorProvider({ speedKmh: options.simulatorSpeedKmh, trips: options.simulatedTrips });
    case 'TRACCAR': {
      const { baseUrl, authMethod, username, secret } = account;
      if (!baseUrl || !authMethod || !secret || (authMethod === 'PASSWORD' && !username)) {
        throw new ProviderError('REFUSED', 'This account lacks its server address or sign-in.');
      }
      if (!options.allowInternalHosts && !(await isPublicUrl(baseUrl))) {
        throw new ProviderError('UNREACHABLE', 'The server address must be reachable on the internet.');
      }
      return new TraccarProvider(
        {
          baseUrl,
          auth:
            authMethod === 'PASSWORD'
              ? { method: 'PASSWORD', email: username!, password: secret }
              : { method: 'TOKEN', token: secret },
        },
        options.timeoutMs,
      );
    }
    case 'DRIVER_PHONE':
      throw new ProviderError(
        'REFUSED',
        'Driver phones send their positions themselves; they have no account.',
      );
  }
}
