import { ai2Arc } from "./ai2-arc.ts";

export const arcEasy = ai2Arc({
  key: "arc-easy",
  name: "ARC-Easy",
  folder: "ARC-Easy",
  description:
    "AI2 Reasoning Challenge, Easy set: the grade-school science questions that retrieval or " +
    "word co-occurrence methods do answer (Clark et al., 2018). Test split.",
  promptCount: 2376,
});
