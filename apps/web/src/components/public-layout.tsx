import { Box, Button, Container, Group, useMatches } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from './logo';
import { useComponentsText } from './text';

/** Public pages (terms, unsubscribe, tracking, not found): a header with the logo and a main area. */
export function PublicLayout({
  children,
  signIn = false,
  signUp = false,
  size = 'md',
}: {
  children: ReactNode;
  /** Show a Sign In button in the header. */
  signIn?: boolean;
  /** Show a Sign Up button in the header. */
  signUp?: boolean;
  size?: 'sm' | 'md' | 'lg';
}) {
  const t = useComponentsText();
  // Two header buttons beside the logo must fit a 375 px phone.
  const buttonSize = useMatches({ base: 'xs', sm: 'sm' });
  return (
    <Box mih="100vh" bg="white">
      <Box
        component="header"
        px={{ base: 'sm', sm: 'xl' }}
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Group justify="space-between" wrap="nowrap">
          <Logo />
          <Group gap="xs" wrap="nowrap">
            {signIn ? (
              <Button
                component={Link}
                to="/signin"
                size={buttonSize}
                variant={signUp ? 'default' : 'outline'}
              >
                {t('account.signIn')}
              </Button>
            ) : null}
            {signUp ? (
              <Button component={Link} to="/signup" size={buttonSize}>
                {t('account.signUp')}
              </Button>
            ) : null}
          </Group>
        </Group>
      </Box>
      <Container component="main" size={size} py={{ base: 'lg', sm: 48 }}>
        {children}
      </Container>
    </Box>
  );
}
