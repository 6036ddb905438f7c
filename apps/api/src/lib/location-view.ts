import type { Address, LocationView, Terminal } from '@freightlane/domain';
import type { TerminalMap } from '../queries/terminal.repository';

export { loadTerminals, type TerminalMap } from '../queries/terminal.repository';

/** The terminals that rows carry (joined into their statement as pickupTerminal and recipientTerminal). */
export function terminalsCarriedBy(
  rows: { pickupTerminal: Terminal | null; recipientTerminal: Terminal | null }[],
): TerminalMap {
  const terminalsById: TerminalMap = new Map();
  for (const { pickupTerminal, recipientTerminal } of rows) {
    if (pickupTerminal) terminalsById.set(pickupTerminal.id, pickupTerminal);
    if (recipientTerminal) terminalsById.set(recipientTerminal.id, recipientTerminal);
  }
  return terminalsById;
}

/** A stored place (terminal id or address) as the API shows it. */
export function toLocationView(
  terminalsById: TerminalMap,
  terminalId: string | null,
  address: Address | null,
): LocationView {
  return {
    terminal: terminalId ? (terminalsById.get(terminalId) ?? null) : null,
    address: terminalId ? null : address,
  };
}
