import {
  EXPENSE_KINDS,
  MAX_DIESEL_LITRES,
  dieselAmountKobo,
  formatMoney,
  nairaToKobo,
  type DriverTripCash,
  type ExpenseKind,
  type ExpenseStatus,
} from '@freightlane/domain/driver';
import { useId, useState, type FormEvent } from 'react';
import { useDriverText } from './driver-text';

/** The badge colour of an expense's review: the public pages' tones. */
const STATUS_TONES: Record<ExpenseStatus, string> = {
  PENDING: 'tone-gray',
  QUERIED: 'tone-orange',
  APPROVED: 'tone-green',
  REJECTED: 'tone-red',
};

/** Litres as typed ("150" or "150,5"), two decimals at most; null when it is not. */
export function litresOf(text: string): number | null {
  const cleaned = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const litres = Number(cleaned);
  return litres > 0 && litres <= MAX_DIESEL_LITRES ? litres : null;
}

/** What the driver typed as an expense, ready for the queue. */
export interface ExpenseEntry {
  kind: ExpenseKind;
  amountKobo?: number;
  litres?: number;
  pricePerLitreKobo?: number;
  note?: string;
  receipt: File | null;
}

/** What the driver's answer to a query carries. */
export interface ExpenseAnswer {
  expenseId: string;
  note: string;
  receipt: File | null;
}

function ReceiptPicker({
  id,
  file,
  onChange,
  busy,
}: {
  id: string;
  file: File | null;
  onChange: (file: File | null) => void;
  busy: boolean;
}) {
  const t = useDriverText();
  return (
    <label
      className={busy ? 'btn btn-outline file-button is-busy' : 'btn btn-outline file-button'}
      htmlFor={id}
    >
      {file ? t('expense.receiptChosen') : t('expense.receipt')}
      <input
        id={id}
        className="file-input"
        type="file"
        accept="image/*"
        capture="environment"
        disabled={busy}
        onChange={(e) => {
          onChange(e.target.files?.[0] ?? null);
          e.target.value = '';
        }}
      />
    </label>
  );
}

/** The answer to the owner's question about one expense: words, and a receipt photo when asked. */
function AnswerForm({
  expenseId,
  onAnswer,
  busy,
}: {
  expenseId: string;
  onAnswer: (answer: ExpenseAnswer) => void;
  busy: boolean;
}) {
  const t = useDriverText();
  const id = useId();
  const [note, setNote] = useState('');
  const [receipt, setReceipt] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) {
      setError(t('cash.answerError'));
      return;
    }
    setError(null);
    onAnswer({ expenseId, note: note.trim(), receipt });
    setNote('');
    setReceipt(null);
  };
  return (
    <form className="driver-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-answer`}>{t('cash.answer')}</label>
        <textarea
          id={`${id}-answer`}
          className="input"
          rows={2}
          maxLength={500}
          value={note}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setNote(e.target.value)}
        />
        {error ? (
          <p className="field-error" id={`${id}-error`}>
            {error}
          </p>
        ) : null}
      </div>
      <ReceiptPicker id={`${id}-receipt`} file={receipt} onChange={setReceipt} busy={busy} />
      <button type="submit" className="btn btn-big">
        {t('cash.sendAnswer')}
      </button>
    </form>
  );
}

/**
 * The trip's money as the driver sees it: the advance, what is approved and what waits, who owes whom,
 * and each expense with the owner's question to answer.
 */
export function CashCard({
  cash,
  onAnswer,
  busy,
}: {
  cash: DriverTripCash;
  onAnswer: (answer: ExpenseAnswer) => void;
  busy: boolean;
}) {
  const t = useDriverText();
  const balance = cash.balanceKobo;
  return (
    <section className="card" aria-labelledby="cash-title">
      <h2 id="cash-title">{t('cash.title')}</h2>
      <dl className="details">
        <div className="detail">
          <dt>{t('cash.advance')}</dt>
          <dd>{formatMoney(cash.advancesKobo)}</dd>
        </div>
        <div className="detail">
          <dt>{t('cash.approved')}</dt>
          <dd>{formatMoney(cash.approvedKobo)}</dd>
        </div>
        <div className="detail">
          <dt>{t('cash.waiting')}</dt>
          <dd>{formatMoney(cash.waitingKobo)}</dd>
        </div>
        <div className="detail">
          <dt>{t('cash.balance')}</dt>
          <dd>
            {balance > 0
              ? t('cash.owesYou', { amount: formatMoney(balance) })
              : balance < 0
                ? t('cash.youHold', { amount: formatMoney(-balance) })
                : t('cash.even')}
          </dd>
        </div>
      </dl>
      {cash.settled ? <p className="muted">{t('cash.settled')}</p> : null}
      {cash.expenses.length === 0 ? (
        <p className="muted">{t('cash.none')}</p>
      ) : (
        <ul className="cash-list">
          {cash.expenses.map((expense) => (
            <li key={expense.id} className="cash-item">
              <div className="cash-line">
                <span className="cash-what">
                  {t(`expenseKind.${expense.kind}`)}: {formatMoney(expense.amountKobo)}
                </span>
                <span className={`badge ${STATUS_TONES[expense.status]}`}>
                  {t(`expenseStatus.${expense.status}`)}
                </span>
              </div>
              {expense.reviewNote ? (
                <p className="cash-note">
                  {expense.status === 'REJECTED'
                    ? t('cash.reason', { note: expense.reviewNote })
                    : t('cash.question', { note: expense.reviewNote })}
                </p>
              ) : null}
              {expense.status === 'QUERIED' && !cash.settled ? (
                <AnswerForm expenseId={expense.id} onAnswer={onAnswer} busy={busy} />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Record money spent: what on, how much (diesel as litres and the price a litre), a note, the receipt. */
export function ExpenseCard({ onRecord, busy }: { onRecord: (entry: ExpenseEntry) => void; busy: boolean }) {
  const t = useDriverText();
  const id = useId();
  const [kind, setKind] = useState<ExpenseKind>('DIESEL');
  const [amount, setAmount] = useState('');
  const [litres, setLitres] = useState('');
  const [price, setPrice] = useState('');
  const [note, setNote] = useState('');
  const [receipt, setReceipt] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ amount?: string; litres?: string; price?: string }>({});
  const diesel = kind === 'DIESEL';
  const litresValue = litresOf(litres);
  const priceKobo = nairaToKobo(price);
  const total = diesel && litresValue !== null && priceKobo ? dieselAmountKobo(litresValue, priceKobo) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amountKobo = nairaToKobo(amount);
    const found = diesel
      ? {
          litres: litresValue === null ? t('expense.litresError') : undefined,
          price: !priceKobo ? t('expense.amountError') : undefined,
        }
      : { amount: !amountKobo ? t('expense.amountError') : undefined };
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      return;
    }
    setErrors({});
    onRecord({
      kind,
      ...(diesel ? { litres: litresValue!, pricePerLitreKobo: priceKobo! } : { amountKobo: amountKobo! }),
      note: note.trim() || undefined,
      receipt,
    });
    setAmount('');
    setLitres('');
    setPrice('');
    setNote('');
    setReceipt(null);
  };

  const numberField = (
    name: 'amount' | 'litres' | 'price',
    label: string,
    value: string,
    set: (value: string) => void,
  ) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        className="input"
        inputMode="decimal"
        value={value}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(e) => set(e.target.value)}
      />
      {errors[name] ? (
        <p className="field-error" id={`${id}-${name}-error`}>
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('expense.title')}</h2>
      <form className="driver-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-kind`}>{t('expense.kind')}</label>
          <select
            id={`${id}-kind`}
            className="input"
            value={kind}
            onChange={(e) => setKind(e.target.value as ExpenseKind)}
          >
            {EXPENSE_KINDS.map((choice) => (
              <option key={choice} value={choice}>
                {t(`expenseKind.${choice}`)}
              </option>
            ))}
          </select>
        </div>
        {diesel ? (
          <>
            {numberField('litres', t('expense.litres'), litres, setLitres)}
            {numberField('price', t('expense.price'), price, setPrice)}
            {total !== null ? (
              <p className="cash-total">{t('expense.total', { amount: formatMoney(total) })}</p>
            ) : null}
          </>
        ) : (
          numberField('amount', t('expense.amount'), amount, setAmount)
        )}
        <div className="field">
          <label htmlFor={`${id}-note`}>{t('expense.note')}</label>
          <input
            id={`${id}-note`}
            className="input"
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        <ReceiptPicker id={`${id}-receipt`} file={receipt} onChange={setReceipt} busy={busy} />
        <button type="submit" className="btn btn-big" disabled={busy}>
          {busy ? t('photo.preparing') : t('expense.send')}
        </button>
      </form>
    </section>
  );
}
