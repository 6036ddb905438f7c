import { Button, Group, Select } from '@mantine/core';
import { reportRange, type ReportRange } from '@freightlane/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { DateField } from '../../../components/date-field';
import type { RangePreset } from '../report-catalogue';
import { useReportsText } from '../text';

const CUSTOM = 'custom';

function errorsOf(range: ReportRange): Partial<Record<keyof ReportRange, string>> {
  const parsed = reportRange.safeParse(range);
  if (parsed.success) return {};
  const errors: Partial<Record<keyof ReportRange, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ReportRange;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The report's range: a preset in one tap, or two Lagos dates checked by the API's own schema (a real
 * date each, `to` not before `from`, at most two years) before the report is asked for.
 */
export function ReportRangeForm({
  range,
  presets,
  onChange,
}: {
  range: ReportRange;
  presets: RangePreset[];
  onChange: (range: ReportRange) => void;
}) {
  const t = useReportsText();
  const [draft, setDraft] = useState(range);
  const [errors, setErrors] = useState<Partial<Record<keyof ReportRange, string>>>(() => errorsOf(range));
  useEffect(() => {
    setDraft(range);
    setErrors(errorsOf(range));
  }, [range]);

  const preset = presets.findIndex((p) => p.range.from === draft.from && p.range.to === draft.to);

  function choosePreset(value: string | null) {
    const chosen = value === null || value === CUSTOM ? undefined : presets[Number(value)];
    if (!chosen) return;
    setDraft(chosen.range);
    setErrors({});
    onChange(chosen.range);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = errorsOf(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) onChange(draft);
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('range.form')}>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <Select
          label={t('range.range')}
          data={[
            ...presets.map((p, i) => ({ value: String(i), label: t(p.key, p.values) })),
            { value: CUSTOM, label: t('range.custom') },
          ]}
          value={preset >= 0 ? String(preset) : CUSTOM}
          onChange={choosePreset}
          allowDeselect={false}
          w={{ base: '100%', xs: 180 }}
        />
        <DateField
          label={t('range.from')}
          value={draft.from}
          onChange={(from) => setDraft({ ...draft, from })}
          error={errors.from}
          w={{ base: 'calc(50% - 6px)', xs: 170 }}
        />
        <DateField
          label={t('range.to')}
          value={draft.to}
          onChange={(to) => setDraft({ ...draft, to })}
          error={errors.to}
          w={{ base: 'calc(50% - 6px)', xs: 170 }}
        />
        <Button type="submit" mt={{ base: 0, xs: 25 }} variant="light" w={{ base: '100%', xs: 'auto' }}>
          {t('range.show')}
        </Button>
      </Group>
    </form>
  );
}
