import type { TruckType } from '@freightlane/domain';

/** The four kinds of fleet record, each with its own collection under /api/v1/fleet. */
export type FleetKind = 'trucks' | 'drivers' | 'motorBoys' | 'managers';

export interface FleetListParams {
  q?: string;
  /** Missing: active and inactive alike. */
  active?: boolean;
  /** Trucks and drivers: only those with a document expired or expiring soon. */
  expiring?: boolean;
  /** Trucks only. */
  type?: TruckType;
  /** Zero-based, as the API counts. */
  page: number;
}

/** The query keys of the fleet: every one starts with ['fleet', kind], so a kind is refreshed as one. */
export const fleetKeys = {
  all: ['fleet'] as const,
  kind: (kind: FleetKind) => [...fleetKeys.all, kind] as const,
  lists: (kind: FleetKind) => [...fleetKeys.kind(kind), 'list'] as const,
  list: (kind: FleetKind, params: FleetListParams) => [...fleetKeys.lists(kind), params] as const,
  detail: (kind: FleetKind, id: string) => [...fleetKeys.kind(kind), 'detail', id] as const,
  driverPhoto: (driverId: string, version: string) =>
    [...fleetKeys.detail('drivers', driverId), 'photo', version] as const,
  driverPhoneLink: (driverId: string) => [...fleetKeys.detail('drivers', driverId), 'phone-link'] as const,
  trackingCompanies: ['tracking-companies'] as const,
  trackingCredentials: () => [...fleetKeys.all, 'tracking-credentials'] as const,
  trackingSettings: () => [...fleetKeys.all, 'tracking-settings'] as const,
  trackingDevices: (credentialId: string, page: number) =>
    [...fleetKeys.trackingCredentials(), credentialId, 'devices', page] as const,
  /** Every active truck, to link a tracking device to. */
  activeTrucks: () => [...fleetKeys.kind('trucks'), 'active'] as const,
  /** What may go on a trip now: active and not on another trip. */
  available: (kind: FleetKind) => [...fleetKeys.kind(kind), 'available'] as const,
};
