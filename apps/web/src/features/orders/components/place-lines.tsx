import type { LocationView } from '@freightlane/domain';
import { useLabels } from '../../../i18n/labels/labels';
import { useOrdersText } from '../text';

/** A pickup or delivery place on two lines: the terminal and its operator, or the street and the town. */
export function PlaceLines({ location }: { location: LocationView }) {
  const t = useOrdersText();
  const label = useLabels();
  if (location.terminal)
    return (
      <>
        <span style={{ display: 'block' }}>
          {t('place.terminalWithKind', {
            name: location.terminal.name,
            kind: label('terminalKind', location.terminal.kind),
          })}
        </span>
        <span style={{ display: 'block' }}>
          {location.terminal.operator}, {location.terminal.city}
        </span>
      </>
    );
  if (location.address) {
    const { street, neighborhood, lga, city, state } = location.address;
    return (
      <>
        <span style={{ display: 'block' }}>{[street, neighborhood].filter(Boolean).join(', ')}</span>
        <span style={{ display: 'block' }}>{t('place.town', { city, lga, state })}</span>
      </>
    );
  }
  return <>{t('value.notAvailable')}</>;
}
