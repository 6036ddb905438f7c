import {
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { isContainerCargo, nairaToKobo, type MarketOrderDetail } from '@freightlane/domain';
import { IconArrowLeft, IconDownload, IconFileText } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { useActionError } from '../../../components/action-error';
import { CargoTypeBadge, Money, OrderStatusBadge, PlaceText } from '../../../components/marketplace-badges';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { formatCalendarDate } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { equipmentOfItems, laneOfPlaces, LaneRateBands } from '../../rate-guidance';
import { ReturnLoadsWelcomeBadge } from '../../return-loads';
import { ScorecardLink, ScoreSummaryLine } from '../../scorecards';
import { useDownloadQuoteDocument, useMarketOrder } from '../api/bids-api';
import { BidPanel } from '../components/bid-panel';
import { OrderItems } from '../components/order-items';
import { ClosingTime, unitCount, unitName } from '../components/order-facts';
import { WatchButton } from '../components/watch-button';
import { useBidsText } from '../text';

const sizeFormat = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 1 });

function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${sizeFormat.format(Math.max(bytes, 1) / 1024)} KB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** The customer as a payer, from its scorecard: a bidder weighs a price against being paid on time. */
function PayerScore({ order }: { order: MarketOrderDetail }) {
  const t = useBidsText();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="payer-title">
      <Title order={2} fz="lg" mb="sm" id="payer-title">
        {t('marketOrder.payerScore')}
      </Title>
      <Stack gap={6}>
        <ScorecardLink companyId={order.customerCompanyId} companyName={order.customerName} />
        <ScoreSummaryLine summary={order.payerScore} side="customer" />
      </Stack>
    </Card>
  );
}

function QuoteDocument({ order }: { order: MarketOrderDetail }) {
  const t = useBidsText();
  const download = useDownloadQuoteDocument();
  const showActionError = useActionError();
  const document = order.quoteDocument;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="quote-title">
      <Title order={2} fz="lg" mb="sm" id="quote-title">
        {t('marketOrder.quoteDocument')}
      </Title>
      {document ? (
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <IconFileText size={20} aria-hidden />
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} truncate>
                {document.fileName}
              </Text>
              <Text size="xs" c="dimmed">
                {fileSize(document.sizeBytes)}
              </Text>
            </div>
          </Group>
          <Button
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
            loading={download.isPending}
            onClick={() =>
              download.mutate(
                { orderId: order.id, fileName: document.fileName },
                { onError: showActionError },
              )
            }
          >
            {t('marketOrder.download')}
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('marketOrder.noQuoteDocument')}
        </Text>
      )}
    </Card>
  );
}

/**
 * The lane's bands beside the bid panel, placing the amount being typed (or, when none is, this company's
 * bid) against them. The amount is read as the bid form's `amount` field reports its input: the form
 * keeps its values to itself.
 */
function BidPanelWithRates({ order }: { order: MarketOrderDetail }) {
  const bid = order.myBid;
  // What was typed counts until the bid it was typed against changes (placed, revised or withdrawn).
  const bidVersion = bid ? `${bid.id}@${bid.updatedAt}` : null;
  const [typed, setTyped] = useState<{ text: string; bidVersion: string | null } | null>(null);
  const typedKobo = typed && typed.bidVersion === bidVersion ? nairaToKobo(typed.text) : null;
  const bidKobo = bid && (bid.status === 'ACTIVE' || bid.status === 'WON') ? bid.amountKobo : null;

  function readAmount(event: FormEvent<HTMLDivElement>) {
    const input = event.target;
    if (input instanceof HTMLInputElement && input.name === 'amount') {
      setTyped({ text: input.value, bidVersion });
    }
  }

  return (
    <Stack gap="lg">
      <div onInput={readAmount}>
        <BidPanel order={order} />
      </div>
      <LaneRateBands
        ends={laneOfPlaces(order.pickup, order.recipient)}
        cargoType={order.cargoType}
        equipment={equipmentOfItems(order.cargoType, order.items)}
        priceKobo={typedKobo ?? bidKobo}
        use="bid"
        headingOrder={2}
        framed
      />
    </Stack>
  );
}

function OrderView({ order }: { order: MarketOrderDetail }) {
  const t = useBidsText();
  const unit = unitName(t, order.cargoType);
  return (
    <>
      <PageHeader
        title={order.orderNumber}
        description={t('common.forCustomer', {
          clientName: order.clientName,
          customerName: order.customerName,
        })}
        action={<WatchButton orderId={order.id} watched={order.watched} />}
      />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7, xl: 8 }}>
          <Stack gap="lg">
            <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="summary-title">
              <Group justify="space-between" mb="md" gap="xs">
                <Title order={2} fz="lg" id="summary-title">
                  {t('marketOrder.order')}
                </Title>
                <Group gap={6}>
                  <CargoTypeBadge cargoType={order.cargoType} />
                  <OrderStatusBadge status={order.status} biddingOpen={order.biddingOpen} />
                  {order.preferredPartnersOnly ? (
                    <Badge variant="light" color="grape" radius="sm">
                      {t('common.partnersOnly')}
                    </Badge>
                  ) : null}
                  {order.returnLoadsWelcome ? <ReturnLoadsWelcomeBadge /> : null}
                </Group>
              </Group>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                <Detail label={t('marketOrder.client')}>{order.clientName}</Detail>
                <Detail label={t('marketOrder.customer')}>{order.customerName}</Detail>
                <Detail label={t('marketOrder.reference')}>
                  {order.reference || t('value.notAvailable')}
                </Detail>
                <Detail label={t('common.load')}>{unitCount(t, order.cargoType, order.itemCount)}</Detail>
                <Detail label={t('marketOrder.pickup')}>
                  <PlaceText location={order.pickup} inherit />
                </Detail>
                <Detail label={t('marketOrder.delivery')}>
                  <PlaceText location={order.recipient} inherit />
                </Detail>
                <Detail label={t('common.pickupDate')}>{formatCalendarDate(order.pickupDate)}</Detail>
                <Detail label={t('common.targetPricePer', { unit })}>
                  {order.targetAmountKobo === null ? (
                    t('value.noneGiven')
                  ) : (
                    <Money kobo={order.targetAmountKobo} inherit />
                  )}
                </Detail>
              </SimpleGrid>
              <Stack mt="md" gap={0}>
                <ClosingTime biddingOpen={order.biddingOpen} biddingClosesAt={order.biddingClosesAt} />
              </Stack>
            </Card>

            <PayerScore order={order} />

            <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="items-title">
              <Title order={2} fz="lg" mb="sm" id="items-title">
                {isContainerCargo(order.cargoType) ? t('common.containers') : t('common.truckLoads')}
              </Title>
              <OrderItems cargoType={order.cargoType} items={order.items} />
            </Card>

            <QuoteDocument order={order} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, xl: 4 }}>
          <BidPanelWithRates order={order} />
        </Grid.Col>
      </Grid>
    </>
  );
}

/** /bids/orders/:orderId: an order as a transporter who may bid on it sees it, with the bid panel. */
export function MarketOrderPage() {
  const { orderId = '' } = useParams();
  const order = useMarketOrder(orderId);
  const t = useBidsText();
  usePageTitle(
    order.data
      ? t('marketOrder.title', { orderNumber: order.data.orderNumber })
      : t('marketOrder.titleLoading'),
  );

  return (
    <Stack gap="md">
      <Anchor component={Link} to={PATHS.bids} size="sm" w="fit-content">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('marketOrder.back')}
        </Group>
      </Anchor>
      {order.isPending ? (
        <Stack gap="lg" role="status" aria-label={t('marketOrder.loading')}>
          <Skeleton h={36} w={220} />
          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, md: 7, xl: 8 }}>
              <Stack gap="lg">
                <Skeleton h={260} radius="md" />
                <Skeleton h={180} radius="md" />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5, xl: 4 }}>
              <Skeleton h={360} radius="md" />
            </Grid.Col>
          </Grid>
        </Stack>
      ) : order.isError ? (
        <QueryError
          error={order.error}
          onRetry={() => void order.refetch()}
          title={t('marketOrder.failure')}
        />
      ) : (
        <OrderView order={order.data} />
      )}
    </Stack>
  );
}
