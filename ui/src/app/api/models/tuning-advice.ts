// The API's shapes of middleware/tuning/advice_models.py, from the generated types (scripts/gen-api-types.py): pool
// layouts side by side for a set of like disks.
import * as api from './generated/api-types.generated';

export type LayoutOptions = api.TuningAdviceLayoutOptions;
export type LayoutSource = NonNullable<LayoutOptions['source']>;
export type LayoutDiskKind = NonNullable<LayoutOptions['kind']>;
/** One candidate layout: its space, first-order estimates, the disks it can lose and why, in words. */
export type LayoutRow = api.TuningAdviceLayout;
/** `tuning.advice.layout`'s answer. */
export type LayoutAdvice = api.TuningAdviceLayoutAnswer;
