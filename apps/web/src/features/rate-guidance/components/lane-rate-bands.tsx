import { Card, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { isContainerCargo, type CargoType, type ContainerSize, type TruckType } from '@freightlane/domain';
import { useId } from 'react';
import { useLabels } from '../../../i18n/labels/labels';
import { useRateGuidances } from '../api/rate-guidance-api';
import { rateGuidanceQueryOf, type Equipment, type LaneEnds } from '../lane';
import { useRateGuidanceText } from '../text';
import { RateBand, RateBandFooter } from './rate-band';

/**
 * One lane's bands, one per container size or truck type of an order, under a heading: the expected cost
 * beside a customer's target price, or the lane's rates beside a transporter's bid. Nothing shows until the
 * lane is known and its figures have arrived, and nothing when they cannot be had: the band helps with a
 * form and never stands in its way.
 */
export function LaneRateBands({
  ends,
  cargoType,
  equipment,
  priceKobo = null,
  use,
  headingOrder = 3,
  framed = false,
}: {
  /** Null while the pickup or the delivery is not chosen yet. */
  ends: LaneEnds | null;
  cargoType: CargoType | null;
  equipment: readonly Equipment[];
  /** The price typed beside the bands (a target price or a bid), per container or truck load. */
  priceKobo?: number | null;
  use: 'order' | 'bid';
  headingOrder?: TitleOrder;
  /** In a card of its own, as the page's other sections are, rather than within a form. */
  framed?: boolean;
}) {
  const t = useRateGuidanceText();
  const label = useLabels();
  const headingId = useId();
  const queries =
    ends && cargoType ? equipment.map((item) => rateGuidanceQueryOf(ends, cargoType, item)) : [];
  const results = useRateGuidances(queries);
  const shown = results.flatMap((result, index) =>
    result.data ? [{ equipment: equipment[index]!, guidance: result.data }] : [],
  );
  if (!cargoType || shown.length === 0) return null;

  const container = isContainerCargo(cargoType);
  const titleOf = (item: Equipment) =>
    container
      ? t('band.containerTitle', { size: label('containerSize', item as ContainerSize) })
      : t('band.truckTitle', { truckType: label('truckType', item as TruckType) });
  const price =
    priceKobo !== null && priceKobo > 0
      ? ({ kobo: priceKobo, kind: use === 'bid' ? 'bid' : 'target' } as const)
      : null;
  const several = shown.length > 1;

  const bands = (
    <Stack gap="xs">
      <div>
        <Title order={headingOrder} fz={framed ? 'lg' : 'md'} id={headingId}>
          {use === 'bid' ? t('bands.bidTitle') : t('bands.orderTitle')}
        </Title>
        <Text size="xs" c="dimmed">
          {use === 'bid' ? t('bands.bidHint') : t('bands.orderHint')}
        </Text>
      </div>
      {shown.map(({ equipment: item, guidance }) => (
        <RateBand key={item} guidance={guidance} title={titleOf(item)} price={price} footer={!several} />
      ))}
      {several ? <RateBandFooter guidance={shown[0]!.guidance} /> : null}
    </Stack>
  );
  return framed ? (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      {bands}
    </Card>
  ) : (
    <section aria-labelledby={headingId} style={{ minWidth: 0 }}>
      {bands}
    </section>
  );
}
