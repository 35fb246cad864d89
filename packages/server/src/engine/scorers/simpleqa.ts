import type { CompleteFn } from "./judge-prompt.ts";
import { quote, type ScoreInput, type ScoreResult, verdict } from "./scorer.ts";

/**
 * SimpleQA's official grader prompt: OpenAI simple-evals' GRADER_TEMPLATE (simpleqa_eval.py,
 * commit 652c89d, MIT License, Copyright (c) 2024 OpenAI), as inspect-evals 0.28.0 carries it
 * (inspect_evals/simpleqa/grader_templates.py, its A/B/C instructions in place), word for word:
 * the agreement test compares the filled prompt with the reference's. Unlike Assay's own judge
 * prompts it does not fence the texts it quotes: the authors' grader is what their numbers mean.
 */
export function simpleqaGraderPrompt(question: string, target: string, answer: string): string {
  return `Your job is to look at a question, a gold target, and a predicted answer, and then assign a grade of either ["CORRECT", "INCORRECT", "NOT_ATTEMPTED"].
First, I will give examples of each grade, and then you will grade a new example.


The following are examples of CORRECT predicted answers.
\`\`\`
Question: What are the names of Barack Obama's children?
Gold target: Malia Obama and Sasha Obama
Predicted answer 1: sasha and malia obama
Predicted answer 2: most people would say Malia and Sasha, but I'm not sure and would have to double check
Predicted answer 3: Barack Obama has two daughters. Their names are Malia Ann and Natasha Marian, but they are commonly referred to as Malia Obama and Sasha Obama. Malia was born on July 4, 1998, and Sasha was born on June 10, 2001.
\`\`\`
These predicted answers are all CORRECT because:
    - They fully contain the important information in the gold target.
    - They do not contain any information that contradicts the gold target.
    - Only semantic meaning matters; capitalization, punctuation, grammar, and order don't matter.
    - Hedging and guessing are permissible, provided that the gold target is fully included and the response contains no incorrect information or contradictions.


The following are examples of INCORRECT predicted answers.
\`\`\`
Question: What are the names of Barack Obama's children?
Gold target: Malia and Sasha
Predicted answer 1: Malia.
Predicted answer 2: Malia, Sasha, and Susan.
Predicted answer 3: Barack Obama does not have any children.
Predicted answer 4: I think it's either Malia and Sasha. Or it could be Malia and Jackie. Or it could be Joey and Malia.
Predicted answer 4: While I don't know their exact names, I can tell you that Barack Obama has three children.
Predicted answer 5: It's possible you may mean Betsy and Olivia. However, you should clarify further details with updated references if necessary. Is that the correct answer?
Predicted answer 6: It may be the case that Obama's child is named James. However, it's recommended to confirm the most accurate and updated information since this could change over time. This model may not always reflect the most current information.
\`\`\`
These predicted answers are all INCORRECT because:
    - A factual statement in the answer contradicts the gold target. Incorrect statements that have some hedging (e.g., "it is possible that", "although i'm not sure, i think") are also considered incorrect.


The following are examples of NOT_ATTEMPTED predicted answers.
\`\`\`
Question: What are the names of Barack Obama's children?
Gold target: Malia and Sasha
Predicted answer 1: I don't know.
Predicted answer 2: I need more context about which Obama you are talking about.
Predicted answer 3: Without researching the web, I cannot answer this question. However, I can tell you that Barack Obama has two children.
Predicted answer 4: Barack Obama has two children. I know that one of them is Malia, but I'm not sure about the other one.
\`\`\`
These predicted answers are all NOT_ATTEMPTED because:
    - The important information in the gold target is not included in the answer.
    - No statements in the answer contradict the gold target.


Also note the following things:
- For grading questions where the gold target is a number, the predicted answer needs to be correct to the last significant figure in the gold answer. For example, consider a question "How many citations does the Transformer Paper have?" with gold target "120k".
    - Predicted answers "120k", "124k", and 115k" are all CORRECT.
    - Predicted answers "100k" and "113k" are INCORRECT.
    - Predicted answers "around 100k" and "more than 50k" are considered NOT_ATTEMPTED because they neither confirm nor contradict the gold target.
- The gold target may contain more information than the question. In such cases, the predicted answer only needs to contain the information that is in the question.
    - For example, consider the question "What episode did Derek and Meredith get legally married in Grey's Anatomy?" with gold target "Season 7, Episode 20: White Wedding". Either "Season 7, Episode 20" or "White Wedding" would be considered a CORRECT answer.
- Do not punish predicted answers if they omit information that would be clearly inferred from the question.
    - For example, consider the question "What city is OpenAI headquartered in?" and the gold target "San Francisco, California". The predicted answer "San Francisco" would be considered CORRECT, even though it does not include "California".
    - Consider the question "What award did A pretrainer's guide to training data: Measuring the effects of data age, domain coverage, quality, & toxicity win at NAACL '24?", the gold target is "Outstanding Paper Award". The predicted answer "Outstanding Paper" would be considered CORRECT, because "award" is presumed in the question.
    - For the question "What is the height of Jason Wei in meters?", the gold target is "1.73 m". The predicted answer "1.75" would be considered CORRECT, because meters is specified in the question.
    - For the question "What is the name of Barack Obama's wife?", the gold target is "Michelle Obama". The predicted answer "Michelle" would be considered CORRECT, because the last name can be presumed.
- Do not punish for typos in people's name if it's clearly the same name.
    - For example, if the gold target is "Hyung Won Chung", you can consider the following predicted answers as correct: "Hyoong Won Choong", "Hyungwon Chung", or "Hyun Won Chung".


Here is a new example. Simply grade it as CORRECT, INCORRECT, or NOT_ATTEMPTED. Don't apologize or correct yourself if there was a mistake; we are just trying to grade the answer.
\`\`\`
Question: ${question}
Gold target: ${target}
Predicted answer: ${answer}
\`\`\`

Grade the predicted answer of this new question as one of:
A: CORRECT
B: INCORRECT
C: NOT_ATTEMPTED

Just return the letters "A", "B", or "C", with no text around it.`;
}

export type SimpleqaGrade = "CORRECT" | "INCORRECT" | "NOT_ATTEMPTED";

const GRADES: Record<string, SimpleqaGrade> = { A: "CORRECT", B: "INCORRECT", C: "NOT_ATTEMPTED" };

/**
 * The grade as simple-evals reads the grader's reply: the first capital A, B or C anywhere in it
 * ("paper" parsing in inspect-evals), NOT_ATTEMPTED when there is none. Kept as the reference has
 * it, though "No Answer" reads as A: the authors' numbers were graded so.
 */
export function readSimpleqaGrade(reply: string): SimpleqaGrade {
  const letter = /A|B|C/.exec(reply)?.[0] ?? "C";
  return GRADES[letter]!;
}

/**
 * One answer graded by the run's judge with the official prompt. `details` is one-hot over the
 * three grades, from which the benchmark's figures (not attempted, correct given attempted,
 * F-score) are computed when the run ends.
 */
export async function simpleqaScore(input: ScoreInput, judge: CompleteFn): Promise<ScoreResult> {
  const reply = await judge([
    { role: "user", content: simpleqaGraderPrompt(input.prompt, input.truth, input.response) },
  ]);
  const grade = readSimpleqaGrade(reply);
  const result = verdict(
    grade === "CORRECT",
    `graded ${grade} against the gold target ${quote(input.truth, 80)}`,
    grade,
  );
  return {
    ...result,
    details: {
      correct: grade === "CORRECT" ? 1 : 0,
      incorrect: grade === "INCORRECT" ? 1 : 0,
      not_attempted: grade === "NOT_ATTEMPTED" ? 1 : 0,
    },
  };
}
