import {
  AppShell,
  Avatar,
  Box,
  Burger,
  Button,
  Divider,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Logo } from '../../components/logo';
import { PageLoader } from '../../components/page-loader';
import { PATHS } from '../../lib/paths';
import { useSession, useSessionStore } from '../../lib/session-context';
import { useBreakpoint } from '../../lib/use-breakpoint';
import { NotificationBell, NotificationLiveUpdates } from '../../features/notifications';
import { useProfileLanguage } from '../../features/profile';
import { useAppShellText } from '../text';
import { activeNavItem, navigationFor } from './navigation';

const NAVBAR_ID = 'app-navigation';

/**
 * The signed-in shell: a sidebar from 1024 px up; below that a header with a menu button that
 * opens the same navigation (with Sign Out) over the page.
 */
export function DashboardLayout() {
  const t = useAppShellText();
  const state = useSession();
  const store = useSessionStore();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const isDesktop = useBreakpoint('lg');
  const session = state.status === 'signed-in' ? state.session : null;
  const items = navigationFor(session?.role ?? null);
  // One item at most is lit, the most specific one (the router's own matching would light Trips on
  // /trips/schedule beside Schedule, or Fleet on none of its pages with `end`).
  const activeItem = activeNavItem(items, pathname);
  const firstName = session?.firstName ?? '';
  const roleLabel = session?.role ? t(`role.${session.role}`) : '';
  useProfileLanguage();

  async function signOut() {
    close();
    await store.signOut();
    navigate(PATHS.signIn, { replace: true });
  }

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'lg', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="lg"
              size="sm"
              aria-label={opened ? t('layout.closeNavigation') : t('layout.openNavigation')}
              aria-expanded={opened}
              aria-controls={NAVBAR_ID}
            />
            <Logo to={items[0]?.to ?? PATHS.root} />
          </Group>
          <Group gap="sm" wrap="nowrap">
            {firstName ? (
              <Text size="sm" c="dimmed" visibleFrom="sm">
                {t('layout.signedInAs', { firstName })}
              </Text>
            ) : null}
            <NotificationBell />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        id={NAVBAR_ID}
        p="sm"
        aria-label={t('layout.mainNavigation')}
        // Off-screen on phones until the menu opens: hidden meanwhile, so it is neither tabbed
        // into nor read out.
        style={!isDesktop && !opened ? { visibility: 'hidden' } : undefined}
      >
        {/* The links scroll on their own, so the person and Sign Out below stay in view on a short
            laptop screen and in a phone's open menu, however many pages a role has. */}
        <AppShell.Section grow component={ScrollArea} type="auto" offsetScrollbars="y" mx={-4} px={4}>
          <Stack gap={2}>
            {items.map((item) => (
              <NavLink
                key={item.label}
                component={Link}
                to={item.to}
                active={item === activeItem}
                aria-current={item === activeItem ? 'page' : undefined}
                label={t(item.label)}
                leftSection={<item.icon size={20} stroke={1.6} aria-hidden />}
                onClick={close}
              />
            ))}
          </Stack>
        </AppShell.Section>
        <AppShell.Section>
          <Divider mb="sm" />
          <Group gap="sm" wrap="nowrap" mb="sm" px="xs">
            <Avatar color="green" radius="xl" aria-hidden>
              {firstName.slice(0, 1).toUpperCase() || '?'}
            </Avatar>
            <Box style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {firstName}
              </Text>
              <Text size="xs" c="dimmed">
                {roleLabel}
              </Text>
            </Box>
          </Group>
          <Button
            fullWidth
            variant="default"
            leftSection={<IconLogout size={18} aria-hidden />}
            onClick={() => void signOut()}
          >
            {t('layout.signOut')}
          </Button>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main bg="gray.0">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
          {/* After the page, so the page's own requests go out first. */}
          <NotificationLiveUpdates />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
