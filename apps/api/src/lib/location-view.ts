import type { Address, LocationView } from '@freightlane/domain';
import type { TerminalMap } from '../queries/terminal.repository';

export { loadTerminals, type TerminalMap } from '../queries/terminal.repository';

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
