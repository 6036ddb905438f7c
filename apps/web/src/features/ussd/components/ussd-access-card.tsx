import {
  Alert,
  Button,
  Card,
  Checkbox,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { Driver, UssdPinIssued } from '@freightlane/domain';
import { IconCopy, IconKey, IconLock } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { NoticeDialog } from '../../../components/notice-dialog';
import { QueryError } from '../../../components/query-error';
import { formatDateTime } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useGiveUssdPin, useUssdAccess } from '../api/ussd-api';
import { useUssdText } from '../text';

/**
 * Stands for the service code in the sentence that shows it in bold: the sentence is translated whole,
 * then split around this mark so the code can be set apart in any language's word order.
 */
const CODE_MARK = '\u2063';

/**
 * The driver's USSD access: the code the driver dials on any phone, whether a PIN is set, the lock after
 * wrong PINs, and "Give a new PIN", which shows the new PIN once to copy (and can send it by SMS to a
 * verified number). The platform never shows a PIN again.
 */
export function UssdAccessCard({ driver }: { driver: Driver }) {
  const t = useUssdText();
  const titleId = useId();
  const access = useUssdAccess(driver.id);
  const give = useGiveUssdPin(driver.id);
  const [confirming, setConfirming] = useState(false);
  const [bySms, setBySms] = useState(false);
  const [issued, setIssued] = useState<UssdPinIssued | null>(null);
  const name = driver.firstName;

  async function giveNow() {
    setConfirming(false);
    try {
      setIssued(await give.mutateAsync({ sendBySms: bySms }));
    } catch (error) {
      notifyError(error, t('card.notGiven'));
    }
  }

  const state = access.data;
  let body;
  if (access.isError) {
    body = <QueryError error={access.error} onRetry={() => void access.refetch()} />;
  } else if (access.isPending) {
    body = (
      <Text size="sm" c="dimmed">
        {t('card.loading')}
      </Text>
    );
  } else if (!state!.serviceCode) {
    body = (
      <Text size="sm" c="dimmed">
        {t('card.off')}
      </Text>
    );
  } else {
    const code = state!.serviceCode;
    const [beforeCode, afterCode] = t('card.dials', { name, code: CODE_MARK }).split(CODE_MARK);
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {beforeCode}
          <strong>{code}</strong>
          {afterCode}
        </Text>
        <Text size="sm">
          {state!.pinSetAt
            ? t('card.pinGiven', { date: formatDateTime(state!.pinSetAt) })
            : t('card.noPin', { name })}
        </Text>
        {state!.lockedUntil ? (
          <Alert color="orange" icon={<IconLock aria-hidden />} title={t('card.lockedTitle')}>
            {t('card.locked', { count: state!.failedTries, until: formatDateTime(state!.lockedUntil) })}
          </Alert>
        ) : state!.failedTries > 0 ? (
          <Text size="sm" c="orange.8">
            {t('card.wrongTries', { count: state!.failedTries })}
          </Text>
        ) : null}
        {issued ? (
          <Stack gap={6}>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label={t('card.newPin')}
                value={issued.pin}
                readOnly
                style={{ flex: 1, minWidth: 0, maxWidth: 220 }}
                styles={{ input: { fontSize: 20, letterSpacing: 4, fontVariantNumeric: 'tabular-nums' } }}
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyButton value={issued.pin}>
                {({ copied, copy }) => (
                  <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copy}>
                    {copied ? t('card.copied') : t('card.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="sm" c="dimmed">
              {issued.sentBySms ? t('card.sentBySms', { name }) : t('card.tellDriver', { name })}
            </Text>
          </Stack>
        ) : null}
        <Checkbox
          label={t('card.alsoSms', { name })}
          description={state!.phoneVerified ? undefined : t('card.verifyFirst')}
          checked={bySms && state!.phoneVerified}
          disabled={!state!.phoneVerified}
          onChange={(event) => setBySms(event.currentTarget.checked)}
        />
        <Group>
          <Button
            leftSection={<IconKey size={16} />}
            loading={give.isPending}
            onClick={() => (state!.pinSetAt ? setConfirming(true) : void giveNow())}
          >
            {t('card.give')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" id={titleId} mb="xs">
        {t('card.title')}
      </Title>
      {body}
      <NoticeDialog
        opened={confirming}
        title={t('confirm.title')}
        buttons="okay-cancel"
        onConfirm={() => void giveNow()}
        onClose={() => setConfirming(false)}
      >
        {t('confirm.text', { name })}
      </NoticeDialog>
    </Card>
  );
}
