import {
  DRIVER_ISSUE_TYPES,
  TRIP_DOCUMENT_KINDS,
  type TripDocumentKind,
  type TripIssueType,
  type TripStatus,
} from '@freightlane/domain/driver';
import { useId, useState, type FormEvent } from 'react';
import { useDriverText } from './driver-text';

const HANDOVER_CODE = /^\d{6}$/;
/** As the API's description field: at least 3 characters, at most 1000. */
const MIN_DESCRIPTION = 3;
const MAX_DESCRIPTION = 1000;

function FieldError({ id, message }: { id: string; message: string | null }) {
  return message ? (
    <p className="field-error" id={id}>
      {message}
    </p>
  ) : null;
}

/** A labelled choice among the domain's values, shown in the driver's words. */
function ChoiceField<T extends string>({
  id,
  label,
  value,
  choices,
  labelOf,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  choices: readonly T[];
  labelOf: (choice: T) => string;
  onChange: (value: T) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value as T)}>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {labelOf(choice)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The trip's next step as one big button. Delivered asks first for the 6-digit code the consignee gives
 * the driver at handover.
 */
export function NextStepCard({
  next,
  onRecord,
}: {
  next: TripStatus | null;
  onRecord: (status: TripStatus, handoverCode?: string) => void;
}) {
  const t = useDriverText();
  const codeId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const delivering = next === 'DELIVERED';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!next) return;
    if (delivering && !HANDOVER_CODE.test(code.trim())) {
      setError(t('step.handoverCodeError'));
      return;
    }
    setError(null);
    setCode('');
    onRecord(next, delivering ? code.trim() : undefined);
  };

  return (
    <section className="card" aria-labelledby="next-step-title">
      <h2 id="next-step-title">{t('step.title')}</h2>
      {next ? (
        <form className="driver-form" onSubmit={submit} noValidate>
          {delivering ? (
            <div className="field">
              <label htmlFor={codeId}>{t('step.handoverCode')}</label>
              <input
                id={codeId}
                className="input input-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${codeId}-error` : undefined}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              />
              <FieldError id={`${codeId}-error`} message={error} />
            </div>
          ) : null}
          <button type="submit" className="btn btn-big">
            {t('step.markAs', { step: t(`status.${next}`) })}
          </button>
        </form>
      ) : (
        <p className="muted">{t('step.allDone')}</p>
      )}
    </section>
  );
}

/** Report an issue: what happened and a few words. */
export function IssueCard({
  onReport,
}: {
  onReport: (issueType: TripIssueType, description: string) => void;
}) {
  const t = useDriverText();
  const id = useId();
  const [issueType, setIssueType] = useState<TripIssueType>('BREAKDOWN');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = description.trim();
    if (text.length < MIN_DESCRIPTION) {
      setError(t('issue.descriptionError'));
      return;
    }
    setError(null);
    setDescription('');
    onReport(issueType, text);
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('issue.title')}</h2>
      <form className="driver-form" onSubmit={submit} noValidate>
        <ChoiceField
          id={`${id}-type`}
          label={t('issue.what')}
          value={issueType}
          choices={DRIVER_ISSUE_TYPES}
          labelOf={(type) => t(`issueType.${type}`)}
          onChange={setIssueType}
        />
        <div className="field">
          <label htmlFor={`${id}-description`}>{t('issue.description')}</label>
          <textarea
            id={`${id}-description`}
            className="input"
            rows={3}
            maxLength={MAX_DESCRIPTION}
            value={description}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setDescription(e.target.value)}
          />
          <FieldError id={`${id}-error`} message={error} />
        </div>
        <button type="submit" className="btn btn-big btn-outline">
          {t('issue.send')}
        </button>
      </form>
    </section>
  );
}

/** Add a photo: what it shows, then the camera (or the gallery). */
export function PhotoCard({
  onPhoto,
  busy,
}: {
  onPhoto: (kind: TripDocumentKind, file: File) => void;
  busy: boolean;
}) {
  const t = useDriverText();
  const id = useId();
  const [kind, setKind] = useState<TripDocumentKind>('PHOTO');
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('photo.title')}</h2>
      <div className="driver-form">
        <ChoiceField
          id={`${id}-kind`}
          label={t('photo.what')}
          value={kind}
          choices={TRIP_DOCUMENT_KINDS}
          labelOf={(choice) => t(`documentKind.${choice}`)}
          onChange={setKind}
        />
        {/* The label is the big button; the file input itself stays reachable for the keyboard. */}
        <label
          className={
            busy ? 'btn btn-big btn-outline file-button is-busy' : 'btn btn-big btn-outline file-button'
          }
        >
          {busy ? t('photo.preparing') : t('photo.take')}
          <input
            className="file-input"
            type="file"
            accept="image/*"
            capture="environment"
            disabled={busy}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) onPhoto(kind, file);
            }}
          />
        </label>
      </div>
    </section>
  );
}
