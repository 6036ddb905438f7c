import { Text } from '@mantine/core';
import { isContainerCargo, type CargoType, type OrderItem } from '@freightlane/domain';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { useLabels, type Label } from '../../../i18n/labels/labels';
import { formatCalendarDate } from '../../../lib/format';
import { useBidsText, type BidsText } from '../text';

const weightFormat = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 3 });

function containerColumns(t: BidsText, label: Label): DataColumn<OrderItem>[] {
  const notAvailable = t('value.notAvailable');
  return [
    {
      key: 'container',
      header: t('items.columnContainer'),
      keep: true,
      cell: (item) => (
        <Text component="span" size="sm" fw={600}>
          {item.containerNumber ?? notAvailable}
        </Text>
      ),
    },
    {
      key: 'size',
      header: t('items.columnSize'),
      keep: true,
      cell: (item) => (item.containerSize ? label('containerSize', item.containerSize) : notAvailable),
    },
    { key: 'liner', header: t('items.columnLiner'), cell: (item) => item.liner?.name ?? notAvailable },
    {
      key: 'validity',
      header: t('items.columnValidity'),
      keep: true,
      cell: (item) => formatCalendarDate(item.deliveryOrderValidityDate),
    },
  ];
}

function truckLoadColumns(t: BidsText, label: Label): DataColumn<OrderItem>[] {
  const notAvailable = t('value.notAvailable');
  return [
    {
      key: 'description',
      header: t('items.columnDescription'),
      cell: (item) => (
        <Text component="span" size="sm" fw={600}>
          {item.description ?? notAvailable}
        </Text>
      ),
    },
    // Left-aligned, as on a phone's card they sit side by side, one in each column.
    {
      key: 'quantity',
      header: t('items.columnQuantity'),
      keep: true,
      cell: (item) => item.quantity ?? notAvailable,
    },
    {
      key: 'weight',
      header: t('items.columnWeight'),
      keep: true,
      cell: (item) => (item.weightTonnes === null ? notAvailable : weightFormat.format(item.weightTonnes)),
    },
    {
      key: 'truck',
      header: t('items.columnTruckType'),
      cell: (item) => (item.truckType ? label('truckType', item.truckType) : notAvailable),
    },
  ];
}

/** The containers of an order, or its truck loads of general cargo. */
export function OrderItems({ cargoType, items }: { cargoType: CargoType; items: OrderItem[] }) {
  const t = useBidsText();
  const label = useLabels();
  if (items.length === 0) return <Text c="dimmed">{t('items.none')}</Text>;
  const containers = isContainerCargo(cargoType);
  return (
    <DataTable
      label={containers ? t('common.containers') : t('common.truckLoads')}
      columns={containers ? containerColumns(t, label) : truckLoadColumns(t, label)}
      rows={items}
      rowKey={(item) => item.id}
    />
  );
}
