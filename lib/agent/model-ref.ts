/** Which model a run or a step uses: a provider instance and one of its models, and how the user sees it. */

/** A provider instance's id and one of its model ids. */
export interface ModelRef {
  provider: string;
  modelId: string;
}

/** A model a run may use, with the label the user sees ("Provider · model"). */
export interface ModelChoice {
  ref: ModelRef;
  label: string;
}
