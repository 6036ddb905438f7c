import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Button,
  Checkbox,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { PASSWORD_MAX, PASSWORD_MIN, type SignupUserType } from '@freightlane/domain';
import { useRef } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { PasswordField } from '../../../components/password-field';
import { PhoneField } from '../../../components/phone-field';
import { ApiError } from '../../../lib/api';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { notifyError } from '../../../lib/notify';
import { nationalToE164 } from '../../../lib/phone-input';
import { usePhoneCheck, useSignUp } from '../api/account-api';
import { TextWith } from './text-with';
import { useAccountText } from '../text';
import {
  SIGN_UP_COUNTRY,
  SIGN_UP_FIELDS,
  signUpFormSchema,
  type SignUpFormInput,
  type SignUpFormOutput,
} from './sign-up-schema';

export function SignUpForm({
  defaultType = 'CUSTOMER',
  onSignedUp,
}: {
  defaultType?: SignupUserType;
  onSignedUp: (email: string) => void;
}) {
  const t = useAccountText();
  const signUp = useSignUp();
  const phoneCheck = usePhoneCheck();
  // Numbers the server said are taken; the resolver keeps flagging them until they change.
  const takenPhones = useRef(new Set<string>());

  const baseResolver = zodResolver(signUpFormSchema);
  const resolver: Resolver<SignUpFormInput, unknown, SignUpFormOutput> = async (values, context, options) => {
    const result = await baseResolver(values, context, options);
    const phone = nationalToE164(values.phoneNumber);
    if (phone && takenPhones.current.has(phone)) {
      return {
        values: {},
        errors: { ...result.errors, phoneNumber: { type: 'taken', message: t('signUp.phoneTaken') } },
      };
    }
    return result;
  };

  const {
    register,
    control,
    handleSubmit,
    setError,
    trigger,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SignUpFormInput, unknown, SignUpFormOutput>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      type: defaultType,
      firstName: '',
      lastName: '',
      companyName: '',
      email: '',
      phoneNumber: '',
      password: '',
      acceptTerms: false,
    },
  });

  const phoneRegistration = register('phoneNumber');

  async function checkPhoneAvailability(value: string) {
    const phoneNumber = nationalToE164(value);
    if (!phoneNumber || takenPhones.current.has(phoneNumber)) return;
    try {
      const { available } = await phoneCheck.mutateAsync({ phoneNumber });
      if (!available) {
        takenPhones.current.add(phoneNumber);
        await trigger('phoneNumber');
      }
    } catch {
      // The early check is a courtesy: sign-up itself answers if the number is taken.
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signUp.mutateAsync(values);
      onSignedUp(values.email);
    } catch (error) {
      applyServerFieldErrors(error, setError, SIGN_UP_FIELDS);
      notifyError(
        error,
        error instanceof ApiError && error.status === 409
          ? t('signUp.alreadyRegistered')
          : t('signUp.failed'),
      );
    }
  });

  const type = watch('type');

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Stack gap={6}>
          <Text component="span" id="account-type-label" size="sm" fw={500}>
            {t('signUp.typeLabel')}
          </Text>
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <SegmentedControl
                aria-labelledby="account-type-label"
                aria-describedby="account-type-hint"
                fullWidth
                value={field.value}
                onChange={(value) => field.onChange(value as SignupUserType)}
                data={[
                  { label: t('signUp.type.CUSTOMER'), value: 'CUSTOMER' },
                  { label: t('signUp.type.TRANSPORTER'), value: 'TRANSPORTER' },
                ]}
              />
            )}
          />
          <Text id="account-type-hint" size="sm" c="dimmed">
            {t(`signUp.typeHint.${type}`)}
          </Text>
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('signUp.firstName')}
            autoComplete="given-name"
            required
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextInput
            label={t('signUp.lastName')}
            autoComplete="family-name"
            required
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label={t('signUp.companyName')}
          autoComplete="organization"
          required
          error={errors.companyName?.message}
          {...register('companyName')}
        />
        <TextInput
          label={t('signUp.email')}
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <PhoneField
          phoneCode={SIGN_UP_COUNTRY.phoneCode}
          label={t('signUp.phone')}
          description={t('signUp.phoneHint', { phoneCode: SIGN_UP_COUNTRY.phoneCode })}
          required
          error={errors.phoneNumber?.message}
          {...phoneRegistration}
          onBlur={async (event) => {
            await phoneRegistration.onBlur(event);
            await checkPhoneAvailability(event.target.value);
          }}
        />
        <PasswordField
          label={t('signUp.password')}
          autoComplete="new-password"
          required
          description={t('signUp.passwordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
          error={errors.password?.message}
          {...register('password')}
        />
        <Controller
          control={control}
          name="acceptTerms"
          render={({ field }) => (
            <Checkbox
              ref={field.ref}
              name={field.name}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              required
              error={errors.acceptTerms?.message}
              label={
                <TextWith
                  say={(values) => t('signUp.agree', values)}
                  parts={{
                    terms: (
                      // A new tab keeps what has been typed into the form.
                      <Anchor component={Link} to={PATHS.terms} target="_blank" rel="noopener noreferrer">
                        {t('signUp.terms')}
                      </Anchor>
                    ),
                  }}
                />
              }
            />
          )}
        />
        <Button type="submit" size="md" loading={isSubmitting} fullWidth>
          {t('signUp.submit')}
        </Button>
      </Stack>
    </form>
  );
}
