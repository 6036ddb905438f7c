import { Anchor, Modal, Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { PATHS } from '../../../lib/paths';
import { useCompanyScorecard } from '../api/scorecard-api';
import { useScorecardsText } from '../text';
import { ScorecardView } from './scorecard-view';

/** The company's card in a dialog, loaded when it opens. */
export function ScorecardDialog({
  companyId,
  companyName,
  opened,
  onClose,
}: {
  companyId: string;
  companyName: string;
  opened: boolean;
  onClose: () => void;
}) {
  const t = useScorecardsText();
  const card = useCompanyScorecard(companyId, opened);
  return (
    <Modal opened={opened} onClose={onClose} title={t('dialog.title', { company: companyName })} size="lg">
      {card.isPending ? (
        <Stack gap="sm" aria-label={t('dialog.loading')}>
          <Skeleton h={24} w={200} />
          <Skeleton h={160} />
        </Stack>
      ) : card.isError ? (
        <QueryError error={card.error} onRetry={() => void card.refetch()} title={t('dialog.failure')} />
      ) : (
        <ScorecardView card={card.data} />
      )}
      <Anchor component={Link} to={PATHS.companyProfile(companyId)} size="sm" display="block" mt="md">
        {t('dialog.profile', { company: companyName })}
      </Anchor>
    </Modal>
  );
}

/** A company's name that opens its scorecard: beside a bid, or as the payer of a market order. */
export function ScorecardLink({ companyId, companyName }: { companyId: string; companyName: string }) {
  const t = useScorecardsText();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Anchor
        component="button"
        type="button"
        fw={700}
        onClick={() => setOpened(true)}
        aria-haspopup="dialog"
        title={t('summary.openCard', { company: companyName })}
        style={{ textAlign: 'start', overflowWrap: 'anywhere' }}
      >
        {companyName}
      </Anchor>
      <ScorecardDialog
        companyId={companyId}
        companyName={companyName}
        opened={opened}
        onClose={() => setOpened(false)}
      />
    </>
  );
}
