// Judge optimization: rewrite a judge's goal so its verdicts agree with people's labels. Pure of
// HTTP, SQL and storage: the job handler loads the labels and traces, hands in the judge and
// optimizer models as CompleteFns, and stores the outcome and the logs.
export { CANDIDATE_FORMAT, type Disagreement } from "./candidate-messages.ts";
export { describeAgreement } from "./describe-agreement.ts";
export { EXPECTED_CRITIQUE_TOKENS, estimateRewriteCall } from "./estimate.ts";
export { EXAMPLES_HEADER, stripExamples } from "./few-shot.ts";
export type { JudgeContext, LabeledTrace } from "./measure-goal.ts";
export { OptimizationError } from "./optimization-error.ts";
export {
  type OptimizationOutcome,
  type OptimizeGoalDeps,
  type OptimizeGoalInput,
  optimizeGoal,
} from "./optimize-goal.ts";
export { createOptimizerCaller } from "./optimizer-caller.ts";
export { isFewShotSlot, type OptimizationPlan, plannedCalls } from "./plan.ts";
export { heldOutCount, splitAnnotations, splitSizes } from "./split.ts";
