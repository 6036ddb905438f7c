import { Alert, Box, Skeleton } from '@mantine/core';
import type * as QrCodeModuleType from 'qrcode';
import { useEffect, useState } from 'react';
import { usePublicTrackingText } from '../text';

type QrCodeModule = typeof QrCodeModuleType;

/**
 * The QR code drawn as SVG (sharp at any print size). The library is loaded only when a code is shown,
 * so it stays out of the pages that never show one.
 */
async function qrCodeSvg(value: string): Promise<string> {
  const loaded = (await import('qrcode')) as QrCodeModule & { default?: QrCodeModule };
  // A CommonJS package: bundlers hand its exports over as the default export, Node's loader by name.
  const qrcode = loaded.default ?? loaded;
  const svg = await qrcode.toString(value, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  // Sized by its box rather than in pixels, so the page decides how large it prints.
  return svg.replace('<svg ', '<svg width="100%" height="100%" aria-hidden="true" focusable="false" ');
}

/** A QR code of `value`, `size` wide and high; `label` says what it opens, for screen readers. */
export function QrCode({ value, size, label }: { value: string; size: number | string; label: string }) {
  const t = usePublicTrackingText();
  const [drawn, setDrawn] = useState<{ value: string; svg: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setFailed(false);
    qrCodeSvg(value).then(
      (svg) => current && setDrawn({ value, svg }),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [value]);

  if (failed) {
    return (
      <Alert color="red" title={t('qrCode.failedTitle')}>
        {t('qrCode.failedText')}
      </Alert>
    );
  }
  if (drawn?.value !== value) {
    return (
      <Skeleton w={size} h={size} maw="100%" radius="sm" aria-label={t('qrCode.drawing')} role="status" />
    );
  }
  return (
    <Box
      role="img"
      aria-label={label}
      w={size}
      maw="100%"
      style={{ aspectRatio: '1 / 1' }}
      dangerouslySetInnerHTML={{ __html: drawn.svg }}
    />
  );
}
