import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatNigerianPhone, toNigerianE164 } from '@freightlane/domain';
import { IconAlertCircle, type Icon } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../lib/api';
import { usePageTitle } from '../lib/use-page-title';
import { EmptyList } from './empty-list';
import { ListSkeleton } from './list-skeleton';
import { PublicLayout } from './public-layout';
import { QueryError } from './query-error';
import english from './catalog/en-NG.json';
import { useComponentsText } from './text';

// The development simulators' pages (/dev/sms, /dev/whatsapp): what each simulated phone got from the
// platform, filtered by phone, and what to say when the simulator is not running on this server.

/** The filter's complaint in English (the page's tests read it). */
export const PHONE_FORMAT_ERROR = english['simulator.phoneFormat'];

/** What a person typed as the E.164 number the inbox is kept under; null when it is not a phone number. */
export function inboxPhoneOf(typed: string): string | null {
  const nigerian = toNigerianE164(typed);
  if (nigerian) return nigerian;
  const digits = typed.replace(/[\s\-().]/g, '');
  return /^\+?[1-9]\d{7,14}$/.test(digits) ? `+${digits.replace(/^\+/, '')}` : null;
}

export function PhoneFilter({
  phone,
  onShow,
}: {
  phone: string | null;
  onShow: (phone: string | null) => void;
}) {
  const t = useComponentsText();
  const [typed, setTyped] = useState(phone ?? '');
  const [unreadable, setUnreadable] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (typed.trim() === '') {
      setUnreadable(false);
      onShow(null);
      return;
    }
    const e164 = inboxPhoneOf(typed);
    setUnreadable(!e164);
    if (e164) onShow(e164);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('simulator.phoneLabel')}
          description={t('simulator.phoneDescription')}
          placeholder="0803 123 4567"
          inputMode="tel"
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          error={unreadable ? t('simulator.phoneFormat') : null}
          w={{ base: '100%', xs: 280 }}
        />
        <Button type="submit">{t('simulator.show')}</Button>
        {phone ? (
          <Button
            variant="default"
            onClick={() => {
              setTyped('');
              setUnreadable(false);
              onShow(null);
            }}
          >
            {t('simulator.showEvery')}
          </Button>
        ) : null}
      </Group>
    </form>
  );
}

interface PhoneMessages<M> {
  phones: { phone: string; messages: M[] }[];
}

/**
 * A simulator's page: its title and what it plays, the phone filter (kept in the address as ?phone=), and
 * each phone's messages, or why there are none.
 */
export function SimulatorPhonesPage<M extends { messageId: string }>({
  title,
  intro,
  useMessages,
  loadingLabel,
  loadErrorTitle,
  notRunning,
  emptyIcon,
  emptyText,
  renderMessage,
  afterMessages,
}: {
  title: string;
  intro: string;
  useMessages: (phone: string | null) => UseQueryResult<PhoneMessages<M>>;
  loadingLabel: string;
  loadErrorTitle: string;
  /** The title and the text of the notice shown when the API has no simulator (it answers 404). */
  notRunning: { title: string; text: string };
  emptyIcon: Icon;
  emptyText: (phone: string | null) => string;
  /** One message as a list item (`li`). */
  renderMessage: (message: M) => ReactNode;
  /** What follows a phone's messages (a form to write as that phone), also under an empty filtered list. */
  afterMessages?: (phone: string) => ReactNode;
}) {
  const t = useComponentsText();
  usePageTitle(title);
  const [params, setParams] = useSearchParams();
  const phone = params.get('phone');
  const query = useMessages(phone);

  function show(next: string | null) {
    setParams(next ? { phone: next } : {}, { replace: true });
  }

  let content;
  if (query.isPending) {
    content = <ListSkeleton label={loadingLabel} height={120} />;
  } else if (query.isError) {
    content =
      query.error instanceof ApiError && query.error.status === 404 ? (
        <Alert color="orange" icon={<IconAlertCircle aria-hidden />} title={notRunning.title}>
          {notRunning.text}
        </Alert>
      ) : (
        <QueryError error={query.error} onRetry={() => void query.refetch()} title={loadErrorTitle} />
      );
  } else if (query.data.phones.length === 0) {
    content = (
      <Stack gap="md">
        <EmptyList icon={emptyIcon}>{emptyText(phone)}</EmptyList>
        {phone && afterMessages ? afterMessages(phone) : null}
      </Stack>
    );
  } else {
    content = (
      <Stack gap="xl">
        {query.data.phones.map((entry) => (
          <Stack key={entry.phone} gap="sm" component="section" aria-label={formatNigerianPhone(entry.phone)}>
            <Title order={2} fz="lg">
              {formatNigerianPhone(entry.phone)}{' '}
              <Text span c="dimmed" fz="sm" fw={400}>
                {t('simulator.messageCount', { count: entry.messages.length })}
              </Text>
            </Title>
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
              {entry.messages.map((message) => (
                <Fragment key={message.messageId}>{renderMessage(message)}</Fragment>
              ))}
            </Stack>
            {afterMessages ? afterMessages(entry.phone) : null}
          </Stack>
        ))}
      </Stack>
    );
  }

  return (
    <PublicLayout size="lg">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          <Text c="dimmed">{intro}</Text>
        </Stack>
        <PhoneFilter key={phone ?? ''} phone={phone} onShow={show} />
        {content}
      </Stack>
    </PublicLayout>
  );
}
