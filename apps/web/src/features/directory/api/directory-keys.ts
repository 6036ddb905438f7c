import type { DirectorySort, NigerianState, TruckType } from '@freightlane/domain';

export interface DirectoryFilters {
  pickupState: NigerianState | null;
  deliveryState: NigerianState | null;
  truckType: TruckType | null;
  minFleet: number | null;
  minScore: number | null;
  q: string;
  sort: DirectorySort;
  /** Zero-based, as in the API's envelope. */
  page: number;
}

/** The query keys of the directory and profiles: every one starts with ['directory']. */
export const directoryKeys = {
  all: ['directory'] as const,
  list: (filters: DirectoryFilters) => [...directoryKeys.all, 'list', filters] as const,
  profile: (companyId: string) => [...directoryKeys.all, 'profile', companyId] as const,
};
