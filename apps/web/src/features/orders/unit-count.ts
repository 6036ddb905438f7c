import { unitLabel, type CargoType } from '@freightlane/domain';

/** A number of an order's units in words, e.g. "1 container", "3 truck loads". */
export function unitCount(n: number, cargoType: CargoType): string {
  return `${n} ${unitLabel(cargoType, n !== 1)}`;
}
