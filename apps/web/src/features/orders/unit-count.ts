import { isContainerCargo, type CargoType } from '@freightlane/domain';
import type { OrdersText } from './text';

/** An order's unit in words: one ("container"), many ("truck loads") and a number ("3 containers"). */
export function unitWords(t: OrdersText, cargoType: CargoType) {
  const containers = isContainerCargo(cargoType);
  return {
    one: t(containers ? 'unit.container' : 'unit.truckLoad'),
    many: t(containers ? 'unit.containers' : 'unit.truckLoads'),
    count: (count: number) => t(containers ? 'unit.containerCount' : 'unit.truckLoadCount', { count }),
  };
}
