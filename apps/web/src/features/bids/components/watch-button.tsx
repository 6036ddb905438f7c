import { Button } from '@mantine/core';
import { IconEye, IconEyeCheck, IconEyeOff } from '@tabler/icons-react';
import { useActionError } from '../../../components/action-error';
import { useWatchOrder } from '../api/bids-api';
import { useBidsText } from '../text';

/**
 * Watch or stop watching an order. As a toggle ("Watch" / "Watching", aria-pressed) on order
 * pages; as a plain "Unwatch" button on the watch list, where pressing it removes the order.
 */
export function WatchButton({
  orderId,
  watched,
  variant = 'toggle',
  describedBy,
}: {
  orderId: string;
  watched: boolean;
  variant?: 'toggle' | 'unwatch';
  /** Id of the element naming the order, so each of many buttons says which order it is for. */
  describedBy?: string;
}) {
  const t = useBidsText();
  const watch = useWatchOrder();
  const showActionError = useActionError();

  function toggle(next: boolean) {
    // The toggle flips at once; a second press while the first is in flight would race it.
    if (watch.isPending) return;
    watch.mutate({ orderId, watch: next }, { onError: showActionError });
  }

  if (variant === 'unwatch') {
    return (
      <Button
        variant="default"
        leftSection={<IconEyeOff size={18} aria-hidden />}
        onClick={() => toggle(false)}
        aria-describedby={describedBy}
      >
        {t('watch.unwatch')}
      </Button>
    );
  }

  return (
    <Button
      variant={watched ? 'light' : 'default'}
      leftSection={watched ? <IconEyeCheck size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
      aria-pressed={watched}
      onClick={() => toggle(!watched)}
      aria-describedby={describedBy}
    >
      {watched ? t('watch.watching') : t('watch.watch')}
    </Button>
  );
}
