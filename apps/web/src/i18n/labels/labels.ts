import english from './catalog/en-NG.json';
import { defineAppText } from '../app-language';

/**
 * The domain's names for its values (a trip's status, a cargo type, an invoice's status...) in the app's
 * language: `const label = useLabels(); label('tripStatus', trip.status)`. The English catalog holds the
 * domain's own labels, word for word (labels.test.ts checks it).
 */
const useLabelText = defineAppText('i18n/labels', english);

type LabelKey = Exclude<keyof typeof english, '_meta'>;
type GroupOf<K> = K extends `${infer G}.${string}` ? G : never;
export type LabelGroup = GroupOf<LabelKey>;
type ValueOf<G extends LabelGroup, K = LabelKey> = K extends `${G}.${infer V}` ? V : never;

export type Label = <G extends LabelGroup>(group: G, value: ValueOf<G>) => string;

export function useLabels(): Label {
  const t = useLabelText();
  return (group, value) => t(`${group}.${value}` as LabelKey);
}
