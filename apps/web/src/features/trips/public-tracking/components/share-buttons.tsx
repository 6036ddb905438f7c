import { Button, Group, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBrandWhatsapp, IconCheck, IconCopy, IconExternalLink, IconPrinter } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { copyText } from '../copy-text';
import { whatsAppShareHref } from '../share-links';
import { usePublicTrackingText } from '../text';

const COPIED_FOR_MS = 2000;

function CopyLinkButton({ url }: { url: string }) {
  const t = usePublicTrackingText();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    if (await copyText(url)) setCopied(true);
    else
      notifications.show({
        color: 'red',
        message: t('share.copyFailed'),
      });
  }

  return (
    <>
      <Button
        variant={copied ? 'light' : 'default'}
        color={copied ? 'teal' : undefined}
        size="sm"
        leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
        onClick={() => void copy()}
      >
        {copied ? t('share.copied') : t('share.copyLink')}
      </Button>
      <VisuallyHidden role="status">{copied ? t('share.linkCopied') : ''}</VisuallyHidden>
    </>
  );
}

/**
 * The ways to pass on a public link: copy it, send it on WhatsApp, open it, and (for a trip) print its
 * QR code. The public pages are a separate light page, so the link opens with a full page load.
 */
export function ShareButtons({
  url,
  message,
  printQrTo,
  children,
}: {
  url: string;
  /** The WhatsApp message; it ends with the link. */
  message: string;
  /** The signed-in page that prints the link's QR code. */
  printQrTo?: string;
  /** More buttons, after these. */
  children?: ReactNode;
}) {
  const t = usePublicTrackingText();
  const newTab = ` ${t('share.opensInNewTab')}`;
  return (
    <Group gap="xs">
      <CopyLinkButton url={url} />
      <Button
        component="a"
        href={whatsAppShareHref(message)}
        target="_blank"
        rel="noopener noreferrer"
        variant="default"
        size="sm"
        leftSection={<IconBrandWhatsapp size={16} color="var(--mantine-color-green-7)" aria-hidden />}
      >
        {t('share.whatsApp')}
        <VisuallyHidden>{newTab}</VisuallyHidden>
      </Button>
      <Button
        component="a"
        href={url}
        target="_blank"
        rel="noopener"
        variant="default"
        size="sm"
        leftSection={<IconExternalLink size={16} aria-hidden />}
      >
        {t('share.openLink')}
        <VisuallyHidden>{newTab}</VisuallyHidden>
      </Button>
      {printQrTo ? (
        <Button
          component={Link}
          to={printQrTo}
          variant="default"
          size="sm"
          leftSection={<IconPrinter size={16} aria-hidden />}
        >
          {t('share.printQr')}
        </Button>
      ) : null}
      {children}
    </Group>
  );
}
