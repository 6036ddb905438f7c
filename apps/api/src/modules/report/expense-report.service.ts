import {
  EXPENSE_KIND_LABELS,
  EXPENSE_KINDS,
  type ExpenseKind,
  type ReportColumn,
  type ReportRow,
} from '@freightlane/domain';
import { expenseFigures, type KindFigures } from './expense-report.repository';
import { percentOf } from './financial-report.service';
import { readOnce, type ReportDefinition, type ReportInput, readWhole } from './report-definition';
import { periodsOf } from './report-window';

const columns: ReportColumn[] = [
  { key: 'kind', label: 'Kind', type: 'text' },
  { key: 'expenses', label: 'Expenses', type: 'count' },
  { key: 'approved', label: 'Approved (NGN)', type: 'money' },
  { key: 'waiting', label: 'Waiting for review (NGN)', type: 'money' },
  { key: 'rejected', label: 'Rejected (NGN)', type: 'money' },
  { key: 'share', label: 'Share of approved (%)', type: 'percent' },
  { key: 'withoutReceipt', label: 'Without a receipt', type: 'count' },
  { key: 'litres', label: 'Litres approved', type: 'number' },
  { key: 'pricePerLitre', label: 'Average price a litre (NGN)', type: 'money' },
];

const labelOf = (kind: string) => EXPENSE_KIND_LABELS[kind as ExpenseKind] ?? kind;
const orderOf = (kind: string) => EXPENSE_KINDS.indexOf(kind as ExpenseKind);

/** Kobo a litre over approved diesel, to the kobo; null without litres. */
const pricePerLitre = (f: Pick<KindFigures, 'litres' | 'dieselKobo'>) =>
  f.litres ? Math.round(f.dieselKobo / f.litres) : null;

function figuresOf(input: ReportInput) {
  return readOnce(input, 'expense', expenseFigures);
}

/** One row per kind spent on in the range: most approved first, then the kinds' own order. */
async function tableOf(input: ReportInput): Promise<ReportRow[]> {
  const { byKind } = await figuresOf(input);
  const approved = byKind.reduce((sum, k) => sum + k.approved, 0);
  return [...byKind]
    .sort((a, b) => b.approved - a.approved || orderOf(a.kind) - orderOf(b.kind))
    .map((k) => ({
      kind: labelOf(k.kind),
      expenses: k.expenses,
      approved: k.approved,
      waiting: k.waiting,
      rejected: k.rejected,
      share: percentOf(k.approved, approved),
      withoutReceipt: k.withoutReceipt,
      litres: k.litres,
      pricePerLitre: pricePerLitre(k),
    }));
}

/** What drivers spent on the road, by kind (docs/reports.md 3.10). */
export const expenseReport: ReportDefinition = {
  kind: 'expense',
  columns,
  async overview(input) {
    const { byKind, byPeriod, trips } = await figuresOf(input);
    const sum = (pick: (k: KindFigures) => number) => byKind.reduce((total, k) => total + pick(k), 0);
    const diesel = byKind.find((k) => k.kind === 'DIESEL');
    const kinds = [...new Set(byKind.map((k) => k.kind))].sort((a, b) => orderOf(a) - orderOf(b));
    return {
      summary: [
        { key: 'expenses', label: 'Expenses', type: 'count', value: sum((k) => k.expenses) },
        { key: 'approved', label: 'Approved', type: 'money', value: sum((k) => k.approved) },
        { key: 'waiting', label: 'Waiting for review', type: 'money', value: sum((k) => k.waiting) },
        { key: 'rejected', label: 'Rejected', type: 'money', value: sum((k) => k.rejected) },
        { key: 'trips', label: 'Trips with expenses', type: 'count', value: trips },
        {
          key: 'roadPayments',
          label: 'Road payments without receipt, approved',
          type: 'money',
          value: byKind.find((k) => k.kind === 'ROAD_PAYMENT')?.approved ?? 0,
        },
        { key: 'litres', label: 'Diesel litres approved', type: 'number', value: diesel?.litres ?? null },
        {
          key: 'pricePerLitre',
          label: 'Average diesel price a litre',
          type: 'money',
          value: diesel ? pricePerLitre(diesel) : null,
        },
      ],
      chart: {
        kind: 'stacked-bar',
        title: 'Approved expenses by kind and period',
        labelKey: 'period',
        valueType: 'money',
        series: kinds.map((kind) => ({ key: kind, label: labelOf(kind) })),
        points: periodsOf(input.window).map((period) => ({
          period,
          ...Object.fromEntries(
            kinds.map((kind) => [
              kind,
              byPeriod.find((p) => p.period === period && p.kind === kind)?.approved ?? 0,
            ]),
          ),
        })),
      },
    };
  },
  // One row per kind: ten at most.
  ...readWhole(tableOf),
};
