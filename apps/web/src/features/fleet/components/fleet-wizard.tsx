import { Button, Card, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { nextWizardStage } from '@freightlane/domain';
import { IconArrowLeft, IconCheck } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useActionError } from '../../../components/action-error';
import { ApiError, type FieldError } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';
import { stageOfField, type FleetStage } from '../fleet-stages';
import { useFleetText } from '../text';
import { StageForm } from './stage-form';
import { useBreakpoint } from '../../../lib/use-breakpoint';

/** Where the server's field errors go: the stage holding each field, and which stage to open first. */
export function errorsByStage<R>(
  stages: readonly FleetStage<R>[],
  errors: readonly FieldError[],
): { byStage: Record<string, FieldError[]>; first: number | null } {
  const byStage: Record<string, FieldError[]> = {};
  let first: number | null = null;
  for (const error of errors) {
    const stage = stageOfField(stages, error.field);
    if (!stage) continue;
    (byStage[stage.key] ??= []).push(error);
    const index = stages.indexOf(stage);
    first = first === null ? index : Math.min(first, index);
  }
  return { byStage, first };
}

/**
 * A server refusal as field errors: the 400's list, or for a 409 without one (a duplicate) its
 * message under `duplicateField`.
 */
export function fieldErrorsOf(error: unknown, duplicateField?: string): FieldError[] {
  if (!(error instanceof ApiError)) return [];
  if (error.errors.length > 0) return error.errors;
  if (error.status === 409 && duplicateField) return [{ field: duplicateField, message: error.message }];
  return [];
}

/**
 * The spec's creation wizard: one stage per screen, and saving a stage moves on one step (the
 * domain's nextWizardStage). Back keeps what was typed. The last stage sends the whole request;
 * fields the server refuses lead back to the stage that holds them.
 */
export function FleetWizard<R>({
  stages,
  submitLabel,
  duplicateField,
  onSubmit,
}: {
  stages: readonly FleetStage<R>[];
  submitLabel: string;
  /** The field a 409 (already registered) belongs to when the server names none. */
  duplicateField?: string;
  /** Sends the whole request; throws the ApiError on refusal. */
  onSubmit: (body: FieldValues) => Promise<void>;
}) {
  const [index, setIndex] = useState(0);
  const [entries, setEntries] = useState<Record<string, FieldValues>>(() =>
    Object.fromEntries(stages.map((stage) => [stage.key, stage.values()])),
  );
  const outputs = useRef<Record<string, FieldValues>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, FieldError[]>>({});
  const valuesRef = useRef<(() => FieldValues) | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const headingId = useId();
  const isDesktop = useBreakpoint('md');
  const showActionError = useActionError();
  const t = useFleetText();
  const stage = stages[index]!;
  const keys = stages.map((s) => s.key);
  const isLast = nextWizardStage(keys, stage.key) === null;

  useEffect(() => {
    // Keyboard and screen-reader users land on the new stage's heading.
    if (moved.current) headingRef.current?.focus();
  }, [index]);

  function goTo(target: number) {
    if (target === index) return;
    // Whatever is typed on this stage stays, checked or not, for when the person comes back.
    const typed = valuesRef.current?.();
    if (typed) setEntries((current) => ({ ...current, [stage.key]: typed }));
    moved.current = true;
    setIndex(target);
  }

  async function save(output: FieldValues, input: FieldValues) {
    outputs.current[stage.key] = output;
    setEntries((current) => ({ ...current, [stage.key]: input }));
    setServerErrors(({ [stage.key]: _saved, ...rest }) => rest);
    const next = nextWizardStage(keys, stage.key);
    if (next !== null) {
      moved.current = true;
      setIndex(keys.indexOf(next));
      return;
    }
    const body = Object.assign({}, ...keys.map((key) => outputs.current[key])) as FieldValues;
    try {
      await onSubmit(body);
    } catch (error) {
      const { byStage, first } = errorsByStage(stages, fieldErrorsOf(error, duplicateField));
      if (first === null) {
        showActionError(error);
        return;
      }
      setServerErrors(byStage);
      notifyError(error, t('wizard.checkDetails'));
      // The first refused field takes the focus, not the heading: moving focus off the field would
      // check it again (on blur) and wipe the server's message before it is read.
      moved.current = false;
      setIndex(first);
    }
  }

  return (
    <Stack gap="lg">
      <Stepper
        active={index}
        onStepClick={goTo}
        allowNextStepsSelect={false}
        size="sm"
        iconSize={isDesktop ? 36 : 30}
      >
        {stages.map((s, i) => (
          <Stepper.Step
            key={s.key}
            label={isDesktop ? t(s.label) : undefined}
            aria-label={t('wizard.stepAria', { number: i + 1, stage: t(s.label) })}
          />
        ))}
      </Stepper>

      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
        <Stack gap={4} mb="lg">
          <Text size="sm" c="dimmed">
            {t('wizard.stepOf', { number: index + 1, count: stages.length })}
          </Text>
          <Title order={2} fz="xl" id={headingId} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
            {t(stage.label)}
          </Title>
          <Text size="sm" c="dimmed">
            {t(stage.hint)}
          </Text>
        </Stack>

        <StageForm
          key={stage.key}
          schema={stage.schema}
          defaultValues={entries[stage.key] ?? stage.values()}
          serverErrors={serverErrors[stage.key]}
          onSave={save}
          valuesRef={valuesRef}
          labelledBy={headingId}
          actions={({ saving }) => (
            <Group justify="space-between" mt="xl" gap="sm">
              {index > 0 ? (
                <Button
                  variant="default"
                  leftSection={<IconArrowLeft size={18} aria-hidden />}
                  onClick={() => goTo(index - 1)}
                  disabled={saving}
                >
                  {t('wizard.back')}
                </Button>
              ) : (
                <span />
              )}
              {isLast ? (
                <Button type="submit" loading={saving} leftSection={<IconCheck size={18} aria-hidden />}>
                  {submitLabel}
                </Button>
              ) : (
                <Button type="submit">{t('wizard.saveAndContinue')}</Button>
              )}
            </Group>
          )}
        >
          <stage.Fields />
        </StageForm>
      </Card>
    </Stack>
  );
}
