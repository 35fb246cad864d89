import { type PairedStats, promptsForHalfWidth } from "@assay/protocol";
import { percent } from "../shared/format.ts";

const HALF_WIDTHS = [0.01, 0.02, 0.05];

/**
 * How many prompts would settle a difference of a given size, from how often A and B disagree
 * here: the question after "no detectable difference" is "how many more prompts?".
 */
export function SampleSizeNote({ stats }: { stats: PairedStats }) {
  if (stats.method === "paired_t") return <MeansSampleSizeNote stats={stats} />;
  const discordant = stats.only_1_correct + stats.only_2_correct;
  const rate = stats.pairs > 0 ? discordant / stats.pairs : 0;
  return (
    <div className="sample-size">
      <h2>How many prompts?</h2>
      {discordant === 0 ? (
        <p className="muted">
          A and B never disagree here, so there is nothing yet to size a larger comparison from.
        </p>
      ) : (
        <>
          <p>
            A and B disagree on <span className="num">{percent(rate)}</span> of the prompts (
            {discordant} of {stats.pairs}). With that rate, a 95% interval of about:
          </p>
          <ul className="num">
            {HALF_WIDTHS.map((h) => (
              <li key={h} data-half-width={h}>
                ±{(h * 100).toFixed(0)} points needs about{" "}
                <strong>{promptsForHalfWidth(rate, h)?.toLocaleString("en")}</strong> prompts
              </li>
            ))}
          </ul>
          <p className="muted small">
            half-width ≈ 1.96·√(d/n), d the share of prompts on which the two disagree; this
            comparison has n = {stats.pairs}.
          </p>
        </>
      )}
    </div>
  );
}

/**
 * Runs with repeats: the paired t interval's half-width shrinks as 1/√n, so the prompts a
 * narrower one needs follow from this one's: n · (half-width now / half-width wanted)².
 */
function MeansSampleSizeNote({ stats }: { stats: PairedStats }) {
  const half = (stats.difference_interval.high - stats.difference_interval.low) / 2;
  return (
    <div className="sample-size">
      <h2>How many prompts?</h2>
      {stats.pairs < 2 ? (
        <p className="muted">
          Fewer than two paired prompts: nothing yet to size a larger comparison from.
        </p>
      ) : (
        <>
          <p>
            On {stats.pairs} prompts the 95% interval is ±
            <span className="num">{(half * 100).toFixed(1)}</span> points. It shrinks as 1/√prompts,
            so about:
          </p>
          <ul className="num">
            {HALF_WIDTHS.map((h) => (
              <li key={h} data-half-width={h}>
                ±{(h * 100).toFixed(0)} points needs about{" "}
                <strong>{Math.ceil(stats.pairs * (half / h) ** 2).toLocaleString("en")}</strong>{" "}
                prompts
              </li>
            ))}
          </ul>
          <p className="muted small">
            With the same repeats per prompt: more repeats narrow the interval only as far as the
            prompts differ from one another.
          </p>
        </>
      )}
    </div>
  );
}
