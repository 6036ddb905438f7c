import { Card, Skeleton, Title } from '@mantine/core';
import type { Driver } from '@freightlane/domain';
import { useId } from 'react';
import { PhoneVerificationPanel } from '../../../components/phone-verification-panel';
import { QueryError } from '../../../components/query-error';
import { useDriverPhoneVerification, useVerifyDriverPhone } from '../api/driver-phone-verification-api';
import { fullName } from '../fleet-forms';

/**
 * Whether the driver's phone number is verified. Freightlane texts the driver only at a verified number, so
 * the transporter sends a code to the driver's phone and types in the code the driver reads back.
 */
export function DriverPhoneVerificationCard({ driver }: { driver: Driver }) {
  const titleId = useId();
  const state = useDriverPhoneVerification(driver.id);
  const verify = useVerifyDriverPhone(driver.id);
  const current = state.data;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" id={titleId} mb="xs">
        Phone number
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
          hint={`Freightlane texts a 6-digit code to ${fullName(driver)}’s phone (your company pays for the SMS). Ask ${driver.firstName} to read it to you, and type it in here. Trip messages go only to a verified number.`}
          verifiedMessage={`${fullName(driver)}’s phone number is verified.`}
        />
      )}
    </Card>
  );
}
