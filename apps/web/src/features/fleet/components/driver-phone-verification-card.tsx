import { Card, Skeleton, Title } from '@mantine/core';
import type { Driver } from '@freightlane/domain';
import { useId } from 'react';
import { PhoneVerificationPanel } from '../../../components/phone-verification-panel';
import { QueryError } from '../../../components/query-error';
import { useDriverPhoneVerification, useVerifyDriverPhone } from '../api/driver-phone-verification-api';
import { fullName } from '../fleet-forms';
import { useFleetText } from '../text';

/**
 * Whether the driver's phone number is verified. Freightlane texts the driver only at a verified number, so
 * the transporter sends a code to the driver's phone and types in the code the driver reads back.
 */
export function DriverPhoneVerificationCard({ driver }: { driver: Driver }) {
  const t = useFleetText();
  const titleId = useId();
  const name = fullName(driver);
  const state = useDriverPhoneVerification(driver.id);
  const verify = useVerifyDriverPhone(driver.id);
  const current = state.data;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" id={titleId} mb="xs">
        {t('phoneCheck.title')}
      </Title>
      {state.isError ? (
        <QueryError error={state.error} onRetry={() => void state.refetch()} />
      ) : !current ? (
        <Skeleton h={36} radius="sm" />
      ) : (
        <PhoneVerificationPanel
          key={current.phoneNumber}
          phoneNumber={current.phoneNumber}
          verifiedAt={current.verifiedAt}
          resendAt={current.resendAt}
          codeOpen={current.codeSentAt !== null}
          send={verify.send}
          check={verify.check}
          hint={t('phoneCheck.hint', { name, firstName: driver.firstName })}
          verifiedMessage={t('phoneCheck.verified', { name })}
        />
      )}
    </Card>
  );
}
