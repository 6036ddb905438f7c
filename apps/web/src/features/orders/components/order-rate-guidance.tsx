import type { TitleOrder } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { LaneRateBands } from '../../rate-guidance';
import type { OrderDraftValues } from '../order-draft';
import { equipmentOfDraft, laneOfDraft, targetKoboOf } from '../order-lane';

/**
 * The expected cost of the order being drafted: the band of its lane per container size or truck type,
 * with the target price placed against it. It follows the form as it changes, and shows nothing until
 * the pickup, the delivery and the cargo are chosen (nor when the figures cannot be had).
 */
export function OrderRateGuidance({
  headingOrder,
  framed = false,
}: {
  headingOrder: TitleOrder;
  framed?: boolean;
}) {
  const { control } = useFormContext<OrderDraftValues>();
  const [cargoType, containers, generalCargos, pickup, recipient, targetPrice] = useWatch({
    control,
    name: ['cargoType', 'containers', 'generalCargos', 'pickup', 'recipient', 'bidDetails.targetPrice'],
  });
  return (
    <LaneRateBands
      ends={laneOfDraft({ pickup, recipient })}
      cargoType={cargoType || null}
      equipment={equipmentOfDraft({ cargoType, containers, generalCargos })}
      priceKobo={targetKoboOf(targetPrice)}
      use="order"
      headingOrder={headingOrder}
      framed={framed}
    />
  );
}
