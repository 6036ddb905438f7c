import { Button, Card, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCheck } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { useActionError } from '../../../components/action-error';
import { ApiError } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateOrder } from '../api/orders-api';
import {
  REVIEW_STEP,
  clearOrderDraft,
  isDraftEmpty,
  saveOrderDraft,
  type DraftStorage,
  type OrderDraftValues,
} from '../order-draft';
import {
  formPathOfServerField,
  orderDraftIssues,
  orderDraftResolver,
  stepFields,
  stepOfPath,
  toCreateOrderRequest,
} from '../order-form';
import { CargoTypeStep } from './cargo-type-step';
import { DeliveryStep } from './delivery-step';
import { ItemsStep } from './items-step';
import { PickupStep } from './pickup-step';
import { ReviewStep } from './review-step';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { useOrdersText, type OrdersKey } from '../text';

type Path = FieldPath<OrderDraftValues>;

/** A step's name, as a key of the orders catalog. */
export function stepLabelKey(step: number, cargoType: OrderDraftValues['cargoType']): OrdersKey {
  switch (step) {
    case 0:
      return 'wizard.stepCargoType';
    case 1:
      return cargoType === 'GENERAL_CARGO' ? 'wizard.stepGeneralCargo' : 'wizard.stepContainers';
    case 2:
      return 'wizard.stepPickup';
    case 3:
      return 'wizard.stepDelivery';
    default:
      return 'wizard.stepReview';
  }
}

const STEP_HINTS: OrdersKey[] = [
  'wizard.hintCargoType',
  'wizard.hintItems',
  'wizard.hintPickup',
  'wizard.hintDelivery',
  'wizard.hintReview',
];

const STEP_COUNT = 4;

/**
 * The spec's order wizard: cargo type (step 1), containers or general cargo (step 2), pickup
 * (step 3), delivery location (step 4), then a review. Saving a step moves on one step; every
 * change and the step are saved to the draft, so a reload finds the order where it was left.
 */
export function OrderWizard({
  initial,
  storage,
  draftKey,
}: {
  initial: { step: number; values: OrderDraftValues };
  storage: DraftStorage;
  draftKey: string | null;
}) {
  const t = useOrdersText();
  const form = useForm<OrderDraftValues>({
    defaultValues: initial.values,
    // The form takes its options anew on every render, so its messages follow the language shown.
    resolver: orderDraftResolver(undefined, t),
    mode: 'onTouched',
  });
  const [step, setStep] = useState(initial.step);
  const [editingFromReview, setEditingFromReview] = useState(false);
  const stepRef = useRef(step);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const placing = useRef(false);
  const cargoType = useWatch({ control: form.control, name: 'cargoType' });
  const isDesktop = useBreakpoint('md');
  const create = useCreateOrder();
  const showActionError = useActionError();
  const navigate = useNavigate();

  const persist = useCallback(() => {
    if (!draftKey) return;
    const values = form.getValues();
    if (stepRef.current === 0 && isDraftEmpty(values)) clearOrderDraft(storage, draftKey);
    else saveOrderDraft(storage, draftKey, { step: stepRef.current, values });
  }, [draftKey, form, storage]);

  useEffect(() => {
    const subscription = form.watch(() => persist());
    return () => subscription.unsubscribe();
  }, [form, persist]);

  useEffect(() => {
    stepRef.current = step;
    persist();
    // Keyboard and screen-reader users land on the new step's heading, not at the page's end.
    if (moved.current) headingRef.current?.focus();
  }, [step, persist]);

  function goTo(next: number) {
    moved.current = true;
    setStep(next);
  }

  async function saveStep() {
    const valid = await form.trigger(stepFields(step, cargoType) as Path[], { shouldFocus: true });
    if (!valid) return;
    if (editingFromReview) {
      const firstProblem = firstStepWithIssues(form.getValues());
      setEditingFromReview(false);
      goTo(firstProblem ?? REVIEW_STEP);
      return;
    }
    goTo(step + 1);
  }

  function editStep(target: number) {
    setEditingFromReview(true);
    goTo(target);
  }

  async function placeOrder() {
    if (placing.current) return;
    const values = form.getValues();
    const problemStep = firstStepWithIssues(values);
    if (problemStep !== null) {
      // Something went stale while the draft waited (e.g. bidding would now close in the past).
      goTo(problemStep);
      setTimeout(() => void form.trigger(stepFields(problemStep, values.cargoType) as Path[]));
      return;
    }
    placing.current = true;
    try {
      const order = await create.mutateAsync(toCreateOrderRequest(values));
      if (draftKey) clearOrderDraft(storage, draftKey);
      notifySuccess(t('wizard.placed', { orderNumber: order.orderNumber }), t('wizard.placedTitle'));
      navigate(PATHS.order(order.id), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.errors.length > 0) {
        let earliest: number | null = null;
        for (const { field, message } of error.errors) {
          const path = formPathOfServerField(field);
          const target = path === 'containers' || path === 'generalCargos' ? `${path}.root` : path;
          form.setError(target as Path, { type: 'server', message });
          const fieldStep = stepOfPath(path);
          earliest = earliest === null ? fieldStep : Math.min(earliest, fieldStep);
        }
        setEditingFromReview(true);
        goTo(earliest ?? 0);
        notifyError(error, t('wizard.checkOrder'));
      } else {
        showActionError(error);
      }
    } finally {
      placing.current = false;
    }
  }

  const label = (index: number) => t(stepLabelKey(index, cargoType));
  const onReview = step === REVIEW_STEP;

  return (
    <FormProvider {...form}>
      <Stack gap="lg">
        <Stepper
          active={step}
          onStepClick={goTo}
          allowNextStepsSelect={false}
          size="sm"
          iconSize={isDesktop ? 36 : 30}
        >
          {Array.from({ length: STEP_COUNT }, (_, index) => (
            <Stepper.Step
              key={index}
              label={isDesktop ? label(index) : undefined}
              aria-label={t('wizard.stepLabel', { number: index + 1, step: label(index) })}
            />
          ))}
        </Stepper>

        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="order-step-title">
          <Stack gap={4} mb="lg">
            <Text size="sm" c="dimmed">
              {onReview ? t('wizard.lastStep') : t('wizard.stepOf', { number: step + 1, total: STEP_COUNT })}
            </Text>
            <Title
              order={2}
              fz="xl"
              id="order-step-title"
              ref={headingRef}
              tabIndex={-1}
              style={{ outline: 'none' }}
            >
              {onReview ? t('wizard.reviewTitle') : label(step)}
            </Title>
            <Text size="sm" c="dimmed">
              {t(STEP_HINTS[step]!)}
            </Text>
          </Stack>

          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (onReview) void placeOrder();
              else void saveStep();
            }}
          >
            {step === 0 ? <CargoTypeStep /> : null}
            {step === 1 ? <ItemsStep generalCargo={cargoType === 'GENERAL_CARGO'} /> : null}
            {step === 2 ? <PickupStep /> : null}
            {step === 3 ? <DeliveryStep /> : null}
            {onReview ? <ReviewStep values={form.getValues()} stepLabel={label} onEdit={editStep} /> : null}

            <Group justify="space-between" mt="xl" gap="sm">
              {step > 0 ? (
                <Button
                  variant="default"
                  leftSection={<IconArrowLeft size={18} aria-hidden />}
                  onClick={() => goTo(step - 1)}
                  disabled={create.isPending}
                >
                  {t('wizard.back')}
                </Button>
              ) : (
                <span />
              )}
              {onReview ? (
                <Button
                  type="submit"
                  loading={create.isPending}
                  leftSection={<IconCheck size={18} aria-hidden />}
                >
                  {t('wizard.placeOrder')}
                </Button>
              ) : (
                <Button type="submit">
                  {editingFromReview ? t('wizard.saveAndReturn') : t('wizard.saveAndContinue')}
                </Button>
              )}
            </Group>
          </form>
        </Card>
      </Stack>
    </FormProvider>
  );
}

function firstStepWithIssues(values: OrderDraftValues): number | null {
  const issues = orderDraftIssues(values);
  if (issues.length === 0) return null;
  return Math.min(...issues.map((issue) => stepOfPath(issue.path)));
}
