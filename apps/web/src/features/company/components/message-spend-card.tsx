import { MessageSpendSection } from '../../../components/message-spend-figures';
import { useMessageSpend } from '../api/message-spend-api';
import { useCompanyText } from '../text';

/**
 * The company's SMS and WhatsApp spend this month against its monthly cap, for its owner account. The cap
 * is the back office's to set, so the card only shows it.
 */
export function MessageSpendCard() {
  const t = useCompanyText();
  return <MessageSpendSection spend={useMessageSpend()} description={t('messageSpend.description')} />;
}
