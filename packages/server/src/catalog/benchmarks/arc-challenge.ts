import { ai2Arc } from "./ai2-arc.ts";

export const arcChallenge = ai2Arc({
  key: "arc-challenge",
  name: "ARC-Challenge",
  folder: "ARC-Challenge",
  description:
    "AI2 Reasoning Challenge, Challenge set: grade-school science questions that simple " +
    "retrieval and word co-occurrence methods get wrong (Clark et al., 2018). Test split.",
  promptCount: 1172,
});
