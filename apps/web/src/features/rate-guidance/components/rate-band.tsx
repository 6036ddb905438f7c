import { Anchor, Box, Stack, Text } from '@mantine/core';
import { formatMoney, type RateBand as Band, type RateGuidance } from '@freightlane/domain';
import { useDisclosure } from '@mantine/hooks';
import { useId } from 'react';
import { formatCalendarDate, formatDateTime } from '../../../lib/format';
import { pricePosition, type PricePosition } from '../lane';
import { useRateGuidanceText } from '../text';

/** A price to place against the band: the bid being typed, or the order's target price. */
export interface BandPrice {
  kobo: number;
  kind: 'bid' | 'target';
}

const POSITION_COLOUR: Record<PricePosition, string> = {
  below: 'blue.8',
  within: 'green.9',
  above: 'orange.9',
};

/**
 * The band as a bar: the middle half filled, the median marked, and the price (when given) as a marker of
 * its own. The scale reaches a quarter of the shown span past either end, so the band never fills the bar
 * and a price far outside it still shows on it.
 */
function BandBar({ band, price }: { band: Band; price: BandPrice | null }) {
  const low = Math.min(band.p25Kobo, price?.kobo ?? band.p25Kobo);
  const high = Math.max(band.p75Kobo, price?.kobo ?? band.p75Kobo);
  const span = Math.max(high - low, Math.round(band.p50Kobo * 0.1), 1);
  const min = Math.max(0, low - span / 4);
  const max = high + span / 4;
  const at = (kobo: number) => `${(((kobo - min) / (max - min)) * 100).toFixed(2)}%`;
  const position = price ? pricePosition(band, price.kobo) : null;
  return (
    <Box aria-hidden pos="relative" h={18} data-band-bar>
      <Box pos="absolute" left={0} right={0} top={5} h={8} bg="gray.2" style={{ borderRadius: 4 }} />
      <Box
        pos="absolute"
        top={5}
        h={8}
        bg="green.4"
        style={{
          left: at(band.p25Kobo),
          width: `calc(${at(band.p75Kobo)} - ${at(band.p25Kobo)})`,
          borderRadius: 4,
        }}
        data-band="middle-half"
      />
      <Box
        pos="absolute"
        top={1}
        h={16}
        w={3}
        bg="green.9"
        style={{ left: at(band.p50Kobo), transform: 'translateX(-50%)', borderRadius: 2 }}
        data-band="median"
      />
      {price && position ? (
        <Box
          pos="absolute"
          top={0}
          h={18}
          w={3}
          bg={POSITION_COLOUR[position]}
          style={{ left: at(price.kobo), transform: 'translateX(-50%)', borderRadius: 2 }}
          data-band="price"
        />
      ) : null}
    </Box>
  );
}

/** The diesel price and how the figures are worked out: said once under a lane's bands. */
export function RateBandFooter({ guidance }: { guidance: RateGuidance }) {
  const t = useRateGuidanceText();
  const [open, { toggle }] = useDisclosure(false);
  const howId = useId();
  return (
    <Stack gap={4}>
      {guidance.diesel ? (
        <Text size="xs" c="dimmed">
          {t('band.diesel', {
            price: formatMoney(guidance.diesel.koboPerLitre),
            date: formatCalendarDate(guidance.diesel.asOf),
          })}
        </Text>
      ) : null}
      <Anchor
        component="button"
        type="button"
        size="xs"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={howId}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('band.how')}
      </Anchor>
      {open ? (
        <Stack id={howId} gap={4}>
          <Text size="xs">{t('band.howLane')}</Text>
          <Text size="xs">{t('band.howWindow', { days: guidance.windowDays })}</Text>
          <Text size="xs">{t('band.howPercentiles')}</Text>
          <Text size="xs">{t('band.howMinimum', { minimum: guidance.minimumAwards })}</Text>
          <Text size="xs">
            {t('band.howRefresh')}
            {guidance.computedAt
              ? ` ${t('band.computedAt', { when: formatDateTime(guidance.computedAt) })}`
              : ''}
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}

/**
 * What trucks on one lane, for one container size or truck type, were awarded in the last 90 days: the
 * middle half of the prices and the median, from how many awards, as words and as a bar; where a given
 * price falls against it; and (unless the caller says it once below several bands) the diesel price and
 * how it is worked out. Under the minimum of awards only the count shows.
 */
export function RateBand({
  guidance,
  title,
  price = null,
  footer = true,
}: {
  guidance: RateGuidance;
  /** Which size or truck type the band is of, e.g. "Per container, 40 FT". */
  title: string;
  price?: BandPrice | null;
  footer?: boolean;
}) {
  const t = useRateGuidanceText();
  const titleId = useId();
  const { band } = guidance;
  const position = band && price ? pricePosition(band, price.kobo) : null;
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      p="sm"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Stack gap={6}>
        <Text id={titleId} fw={600} size="sm">
          {title}
        </Text>
        {band ? (
          <>
            <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {t('band.range', {
                low: formatMoney(band.p25Kobo),
                high: formatMoney(band.p75Kobo),
                median: formatMoney(band.p50Kobo),
              })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('band.awards', { count: guidance.awards, days: guidance.windowDays })}
            </Text>
            <BandBar band={band} price={price} />
            <Box aria-live="polite">
              {price && position ? (
                <Text size="sm" fw={500} c={POSITION_COLOUR[position]}>
                  {t('band.position', { kind: price.kind, price: formatMoney(price.kobo), position })}
                </Text>
              ) : null}
            </Box>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('band.tooFew', { count: guidance.awards, minimum: guidance.minimumAwards })}
          </Text>
        )}
        {footer ? <RateBandFooter guidance={guidance} /> : null}
      </Stack>
    </Box>
  );
}
