import { Alert, Badge, Card, Group, Progress, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatMoney, lagosDayText, type MessageSpend } from '@freightlane/domain';
import { QueryError } from './query-error';
import { useComponentsText } from './text';

/** 2026-12 as Dec 2026. */
function monthText(month: string): string {
  const day = lagosDayText(`${month}-01`);
  return day ? day.slice(day.indexOf(' ') + 1) : month;
}

const CHANNEL_NAMES = { SMS: 'SMS', WHATSAPP: 'WhatsApp' } as const;

/** The part of the cap spent, 0 to 100; a cap of 0 is all spent. */
function percentOf(spend: MessageSpend): number {
  if (spend.capKobo <= 0) return 100;
  return Math.min(100, Math.round((spend.spentKobo / spend.capKobo) * 1000) / 10);
}

/**
 * What a company's SMS and WhatsApp messages cost this month against its cap, the same for the company's
 * own page and the back office: the figure, a bar, each channel, the months before, and the cap's effect
 * once it is reached.
 */
export function MessageSpendFigures({ spend }: { spend: MessageSpend }) {
  const t = useComponentsText();
  const percent = percentOf(spend);
  const color = spend.capReached ? 'red' : percent >= 80 ? 'orange' : 'green';
  const spent = formatMoney(spend.spentKobo);
  const cap = formatMoney(spend.capKobo);
  return (
    <Stack gap="md">
      <div>
        <Text size="sm" c="dimmed">
          {monthText(spend.month)}
        </Text>
        <Group gap="xs" align="baseline" wrap="wrap">
          <Text fw={700} fz="xl" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {spent}
          </Text>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('messageSpend.ofCap', { cap })}
          </Text>
          {spend.capIsDefault ? (
            <Badge variant="light" color="gray">
              {t('messageSpend.defaultCap')}
            </Badge>
          ) : null}
        </Group>
        <Progress
          mt="xs"
          value={percent}
          color={color}
          size="lg"
          radius="xl"
          aria-label={t('messageSpend.progress', { spent, cap })}
        />
      </div>
      {spend.capReached ? (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />}>
          {t('messageSpend.capReached', { date: lagosDayText(spend.resetsOn) })}
        </Alert>
      ) : null}
      <Table withRowBorders={false} verticalSpacing={4} aria-label={t('messageSpend.byChannel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('messageSpend.channel')}</Table.Th>
            <Table.Th ta="right">{t('messageSpend.messages')}</Table.Th>
            <Table.Th ta="right">{t('messageSpend.cost')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {spend.channels.map((channel) => (
            <Table.Tr key={channel.channel}>
              <Table.Td>{CHANNEL_NAMES[channel.channel]}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {channel.messages}
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatMoney(channel.spentKobo)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {spend.refusedMessages > 0 ? (
        <Text size="sm" c="red.8">
          {t('messageSpend.refused', { count: spend.refusedMessages })}
        </Text>
      ) : null}
      <div>
        <Text size="sm" fw={600} mb={4}>
          {t('messageSpend.history')}
        </Text>
        <Table withRowBorders={false} verticalSpacing={2} aria-label={t('messageSpend.historyTable')}>
          <Table.Tbody>
            {spend.history.map((month) => (
              <Table.Tr key={month.month}>
                <Table.Td>{monthText(month.month)}</Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {formatMoney(month.spentKobo)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </Stack>
  );
}

/**
 * The card that shows a company's message spend, loading and failing as every card does; `children` adds
 * what the reader may do with it (the back office's cap form).
 */
export function MessageSpendSection({
  spend,
  description,
  children,
}: {
  spend: UseQueryResult<MessageSpend>;
  description: string;
  children?: (spend: MessageSpend) => ReactNode;
}) {
  const t = useComponentsText();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="message-spend-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="message-spend-title">
            {t('messageSpend.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        {spend.isPending ? (
          <Skeleton h={220} radius="sm" aria-label={t('messageSpend.loading')} />
        ) : spend.isError ? (
          <QueryError
            error={spend.error}
            onRetry={() => void spend.refetch()}
            title={t('messageSpend.loadFailed')}
          />
        ) : (
          <>
            <MessageSpendFigures spend={spend.data} />
            {children?.(spend.data)}
          </>
        )}
      </Stack>
    </Card>
  );
}
