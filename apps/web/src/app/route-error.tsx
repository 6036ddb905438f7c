import { Box, Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { usePageTitle } from '../lib/use-page-title';
import { isChunkLoadError } from './lazy-with-timeout';
import { useAppShellText } from './text';

/** Shown in place of a page that failed: its code did not load (spec text) or it crashed. */
export function RouteErrorView({ error, standalone = false }: { error: unknown; standalone?: boolean }) {
  const t = useAppShellText();
  const chunkFailed = isChunkLoadError(error);
  const title = chunkFailed ? t('routeError.chunkTitle') : t('routeError.title');
  usePageTitle(title);
  useEffect(() => {
    if (!chunkFailed) console.error(error);
  }, [chunkFailed, error]);
  const content = (
    <Center mih={standalone ? '100vh' : '50vh'} p="md">
      <Stack align="center" gap="sm" maw={440} ta="center">
        <Title order={1} fz={26}>
          {title}
        </Title>
        <Text c="dimmed">{chunkFailed ? t('routeError.chunkText') : t('routeError.text')}</Text>
        <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
      </Stack>
    </Center>
  );
  return standalone ? <Box component="main">{content}</Box> : content;
}

export function RouteError({ standalone = false }: { standalone?: boolean }) {
  return <RouteErrorView error={useRouteError()} standalone={standalone} />;
}
