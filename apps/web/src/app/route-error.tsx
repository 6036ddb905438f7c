import { Box, Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { usePageTitle } from '../lib/use-page-title';
import { CHUNK_LOAD_FAILED_MESSAGE, isChunkLoadError } from './lazy-with-timeout';

/** Shown in place of a page that failed: its code did not load (spec text) or it crashed. */
export function RouteErrorView({ error, standalone = false }: { error: unknown; standalone?: boolean }) {
  const chunkFailed = isChunkLoadError(error);
  const title = chunkFailed ? CHUNK_LOAD_FAILED_MESSAGE : 'Something went wrong';
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
        <Text c="dimmed">
          {chunkFailed
            ? 'This page could not be downloaded. Check your connection, then reload.'
            : 'This page stopped working. Reload to try again; if it keeps happening, tell us.'}
        </Text>
        <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Stack>
    </Center>
  );
  return standalone ? <Box component="main">{content}</Box> : content;
}

export function RouteError({ standalone = false }: { standalone?: boolean }) {
  return <RouteErrorView error={useRouteError()} standalone={standalone} />;
}
