import { isLgaOfState, nairaToKobo, type CargoType } from '@freightlane/domain';
import { equipmentOfItems, type Equipment, type LaneEnds } from '../rate-guidance';
import type { OrderDraftValues } from './order-draft';

/**
 * The lane a draft order would travel, once the pickup and the delivery are chosen: a terminal, or for
 * the pickup an address's state and LGA (for the delivery its state alone). Null until then, so no band is
 * asked for a lane half chosen.
 */
export function laneOfDraft(values: Pick<OrderDraftValues, 'pickup' | 'recipient'>): LaneEnds | null {
  const { pickup, recipient } = values;
  let from: LaneEnds;
  if (pickup.kind === 'TERMINAL') {
    if (!pickup.terminalId) return null;
    from = { pickupTerminalId: pickup.terminalId };
  } else {
    const { state, lga } = pickup.address;
    if (!state || !isLgaOfState(state, lga)) return null;
    from = { pickupState: state, pickupLga: lga.trim() };
  }
  if (recipient.kind === 'TERMINAL') {
    return recipient.terminalId ? { ...from, deliveryTerminalId: recipient.terminalId } : null;
  }
  return recipient.address.state ? { ...from, deliveryState: recipient.address.state } : null;
}

/** The sizes of a draft's containers, or the truck types of its truck loads, each once. */
export function equipmentOfDraft(
  values: Pick<OrderDraftValues, 'cargoType' | 'containers' | 'generalCargos'>,
): Equipment[] {
  if (!values.cargoType) return [];
  const cargoType: CargoType = values.cargoType;
  return equipmentOfItems(
    cargoType,
    cargoType === 'GENERAL_CARGO' ? values.generalCargos : values.containers,
  );
}

/** The target price typed, in kobo; null when none is typed or it cannot be read. */
export function targetKoboOf(targetPrice: string): number | null {
  const typed = targetPrice.trim();
  return typed ? nairaToKobo(typed) : null;
}
