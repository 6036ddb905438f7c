import { MessageSpendSection } from '../../../components/message-spend-figures';
import { useMessageSpend } from '../api/message-spend-api';

/**
 * The company's SMS and WhatsApp spend this month against its monthly cap, for its owner account. The cap
 * is the back office's to set, so the card only shows it.
 */
export function MessageSpendCard() {
  return (
    <MessageSpendSection
      spend={useMessageSpend()}
      description="What the messages sent for your company cost this month. Past the monthly cap, messages are not sent until the next month; ask Freightlane support to change the cap."
    />
  );
}
