import { Text } from '@mantine/core';
import type { LocationView } from '@freightlane/domain';
import type { DataColumn } from './data-table';
import { PlaceText } from './marketplace-badges';
import { useComponentsText } from './text';

// The headers are elements that say themselves in the app's language, so the columns can be built
// outside a component, as the lists' column constants are.
function ClientHeader() {
  return useComponentsText()('columns.clientReference');
}

function PlacesHeader() {
  return useComponentsText()('columns.pickupDelivery');
}

/** The client the cargo is for and the customer's own reference under it. */
export function clientColumn<T extends { clientName: string; reference?: string | null }>(): DataColumn<T> {
  return {
    key: 'client',
    header: <ClientHeader />,
    cell: (row) => (
      <>
        <Text size="sm">{row.clientName}</Text>
        {row.reference ? (
          <Text size="xs" c="dimmed">
            {row.reference}
          </Text>
        ) : null}
      </>
    ),
  };
}

/** Where the cargo is collected and where it goes, on one line of its own in a phone's card. */
export function placesColumn<T extends { pickup: LocationView; recipient: LocationView }>(): DataColumn<T> {
  return {
    key: 'places',
    header: <PlacesHeader />,
    card: 'line',
    cell: (row) => (
      <Text size="sm" component="span">
        <PlaceText location={row.pickup} size="sm" /> → <PlaceText location={row.recipient} size="sm" />
      </Text>
    ),
  };
}
