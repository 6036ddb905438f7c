import { Box, Button, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from './logo';
import { OnboardingIllustration } from './onboarding-illustration';
import { useComponentsText, type ComponentsKey } from './text';

export type OnboardingAction = 'signin' | 'signup';

const ACTIONS: Record<OnboardingAction, { label: ComponentsKey; to: string }> = {
  signin: { label: 'account.signIn', to: '/signin' },
  signup: { label: 'account.signUp', to: '/signup' },
};

/**
 * The spec's shared onboarding layout: a logo linking to the root, a sign-in or sign-up button,
 * a title and a side image (hidden below 600 px).
 */
export function OnboardingLayout({
  title,
  action,
  children,
  narrow = false,
}: {
  title: ReactNode;
  /** The header button; null leaves it out when the page itself offers that step. */
  action: OnboardingAction | null;
  children: ReactNode;
  /** The reset form: centred, 420 px wide from 600 px up, full width below. */
  narrow?: boolean;
}) {
  const t = useComponentsText();
  const headerAction = action ? ACTIONS[action] : null;
  return (
    <Box mih="100vh" bg="white" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box
        component="header"
        px={{ base: 'md', sm: 'xl' }}
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Group justify="space-between" wrap="nowrap">
          <Logo />
          {headerAction ? (
            <Button component={Link} to={headerAction.to} variant="outline">
              {t(headerAction.label)}
            </Button>
          ) : null}
        </Group>
      </Box>
      <Box component="main" style={{ flex: 1, display: 'flex' }}>
        <Box
          px={{ base: 'md', sm: 'xl' }}
          py={{ base: 'lg', sm: 48 }}
          style={{ flex: '1 1 55%', display: 'flex', justifyContent: 'center' }}
        >
          <Stack gap="lg" w="100%" maw={narrow ? { base: '100%', sm: 420 } : 480}>
            <Title order={1} fz={{ base: 26, sm: 30 }}>
              {title}
            </Title>
            {children}
          </Stack>
        </Box>
        <Box visibleFrom="sm" style={{ flex: '1 1 45%', minHeight: 480, overflow: 'hidden' }}>
          <OnboardingIllustration />
        </Box>
      </Box>
    </Box>
  );
}
