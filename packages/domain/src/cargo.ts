/** The spec's cargo types, in the order the order wizard offers them, with their labels. */
export const CARGO_TYPES = [
  'IMPORT_SHIPPER_OWNED',
  'IMPORT_LINER_OWNED',
  'EMPTY_CONTAINER',
  'EXPORT',
  'GENERAL_CARGO',
] as const;
export type CargoType = (typeof CARGO_TYPES)[number];

export const CARGO_TYPE_LABELS: Record<CargoType, string> = {
  IMPORT_SHIPPER_OWNED: 'Import SOC',
  IMPORT_LINER_OWNED: 'Import LOC',
  EMPTY_CONTAINER: 'Empty Container',
  EXPORT: 'Export',
  GENERAL_CARGO: 'General Cargo',
};

/** One line under each label in the wizard, in words a clearing agent uses. */
export const CARGO_TYPE_HINTS: Record<CargoType, string> = {
  IMPORT_SHIPPER_OWNED: 'Import in a shipper-owned container: no empty return to the liner.',
  IMPORT_LINER_OWNED: 'Import in a liner-owned container: the empty goes back to a holding bay.',
  EMPTY_CONTAINER: 'Move an empty container between a terminal, depot or holding bay.',
  EXPORT: 'Take a stuffed container from your warehouse to the export terminal.',
  GENERAL_CARGO: 'Loose or bagged goods on a truck: no container.',
};

/** Container cargo is priced and tripped per container; general cargo per truck load. */
export function isContainerCargo(cargoType: CargoType): boolean {
  return cargoType !== 'GENERAL_CARGO';
}

export const CONTAINER_SIZES = ['FTS_20', 'FTS_40', 'FTS_45', 'FTS_40_HIGH'] as const;
export type ContainerSize = (typeof CONTAINER_SIZES)[number];
export const DEFAULT_CONTAINER_SIZE: ContainerSize = 'FTS_20';

export const CONTAINER_SIZE_LABELS: Record<ContainerSize, string> = {
  FTS_20: '20 FT',
  FTS_40: '40 FT',
  FTS_45: '45 FT',
  FTS_40_HIGH: '40 FT High Cube',
};

export const TRUCK_TYPES = [
  'FLATBED',
  'CONTAINER_CHASSIS_20',
  'CONTAINER_CHASSIS_40',
  'TIPPER',
  'BOX',
  'TANKER',
] as const;
export type TruckType = (typeof TRUCK_TYPES)[number];

export const TRUCK_TYPE_LABELS: Record<TruckType, string> = {
  FLATBED: 'Flatbed',
  CONTAINER_CHASSIS_20: 'Container chassis 20 FT',
  CONTAINER_CHASSIS_40: 'Container chassis 40 FT',
  TIPPER: 'Tipper',
  BOX: 'Box body',
  TANKER: 'Tanker',
};

/** What a price is per: one container, or one truck load of general cargo. */
export function unitLabel(cargoType: CargoType, plural = false): string {
  if (isContainerCargo(cargoType)) return plural ? 'containers' : 'container';
  return plural ? 'truck loads' : 'truck load';
}
