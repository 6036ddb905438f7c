import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useSession } from '../../../lib/session-context';
import { NoticeDialog } from '../../../components/notice-dialog';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../lib/use-page-title';
import { DraftBanner } from '../components/draft-banner';
import { OrderWizard } from '../components/order-wizard';
import {
  browserDraftStorage,
  clearOrderDraft,
  emptyOrderDraft,
  isDraftEmpty,
  loadOrderDraft,
  orderDraftKey,
  type OrderDraftValues,
  type StoredOrderDraft,
} from '../order-draft';
import { useOrdersText } from '../text';

interface Start {
  step: number;
  values: OrderDraftValues;
}

function freshStart(): Start {
  return { step: 0, values: emptyOrderDraft() };
}

/** /orders/new: the order wizard, offering first to resume an unfinished order. */
export function NewOrderPage() {
  const t = useOrdersText();
  usePageTitle(t('newOrder.title'));
  const state = useSession();
  const draftKey = orderDraftKey(state.status === 'signed-in' ? state.session.accessToken : null);
  const [storage] = useState(browserDraftStorage);
  const [saved, setSaved] = useState<StoredOrderDraft | null>(() => {
    const draft = draftKey ? loadOrderDraft(storage, draftKey) : null;
    return draft && !isDraftEmpty(draft.values) ? draft : null;
  });
  const [start, setStart] = useState<Start | null>(() => (saved ? null : freshStart()));
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  // A new wizard (a discarded draft) must not keep the old one's form state.
  const [wizardKey, setWizardKey] = useState(0);

  function discard() {
    if (draftKey) clearOrderDraft(storage, draftKey);
    setConfirmDiscard(false);
    setSaved(null);
    setWizardKey((key) => key + 1);
    setStart(freshStart());
  }

  return (
    <>
      <PageHeader title={t('newOrder.title')} description={t('newOrder.description')} />
      <Stack gap="lg" maw={1100}>
        {start === null && saved ? (
          <DraftBanner
            draft={saved}
            onResume={() => setStart({ step: saved.step, values: saved.values })}
            onDiscard={() => setConfirmDiscard(true)}
          />
        ) : null}
        {start ? <OrderWizard key={wizardKey} initial={start} storage={storage} draftKey={draftKey} /> : null}
      </Stack>
      <NoticeDialog
        opened={confirmDiscard}
        title={t('newOrder.discardTitle')}
        buttons="yes-no"
        destructive
        onClose={() => setConfirmDiscard(false)}
        onConfirm={discard}
      >
        {t('newOrder.discardText')}
      </NoticeDialog>
    </>
  );
}
