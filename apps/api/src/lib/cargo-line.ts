import type { ContainerSize, Liner, TruckType } from '@freightlane/domain';

/** What an order item and the consignment of its trip both carry: one container or one truck load. */
export interface CargoLineRow {
  containerNumber: string | null;
  containerSize: ContainerSize | null;
  deliveryOrderValidityDate: string | null;
  description: string | null;
  quantity: number | null;
  weightKg: number | null;
  truckType: TruckType | null;
}

/**
 * A cargo line as every view shows it; weights are stored in kilograms, shown in tonnes. A left join
 * that found no liner reads as null.
 */
export function toCargoLine(row: CargoLineRow, liner: Liner | { id: string | null } | null) {
  return {
    containerNumber: row.containerNumber,
    containerSize: row.containerSize,
    liner: liner?.id ? (liner as Liner) : null,
    deliveryOrderValidityDate: row.deliveryOrderValidityDate,
    description: row.description,
    quantity: row.quantity,
    weightTonnes: row.weightKg === null ? null : row.weightKg / 1000,
    truckType: row.truckType,
  };
}
