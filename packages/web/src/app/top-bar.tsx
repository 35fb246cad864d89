import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { ErrorMessage } from "../shared/error-message.tsx";
import { useSession, useSignOut } from "./use-session.ts";

/** The top bar's sections, in the order people work: run, then judge, then share; settings last. */
const SECTIONS = [
  ["/evaluations", "Evaluations"],
  ["/models", "Models"],
  ["/benchmarks", "Benchmarks"],
  ["/traces", "Traces"],
  ["/judges", "Judges"],
  ["/scorers", "Scorers"],
  ["/leaderboards", "Leaderboards"],
  ["/public/evaluations", "Public"],
  ["/settings/integrations", "Integrations"],
] as const;

/**
 * The brand, the sections, who is signed in and sign-out. On a phone the sections do not fit a
 * row: they fold behind a Menu button (styles.css shows it under 760 px) and the menu closes when
 * a section is picked. Renders nothing without a session.
 */
export function TopBar() {
  const session = useSession();
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  if (!session.data) return null;
  const { organization, project } = session.data;
  return (
    <>
      <header className={open ? "top-bar menu-open" : "top-bar"}>
        <span className="brand">Assay</span>
        <button
          type="button"
          className="menu-button"
          aria-expanded={open}
          aria-controls="sections"
          onClick={() => setOpen(!open)}
        >
          Menu
        </button>
        <nav id="sections">
          {SECTIONS.map(([to, label]) => (
            <Link
              key={to}
              to={to}
              activeProps={{ className: "active" }}
              onClick={() => setOpen(false)}
            >
              {label}
            </Link>
          ))}
        </nav>
        <span className="who muted" title="organization / project of the signed-in API key">
          {organization.name} / {project.name}
        </span>
        <button
          type="button"
          className="sign-out"
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
        >
          Sign out
        </button>
      </header>
      {signOut.isError ? <ErrorMessage error={signOut.error} /> : null}
    </>
  );
}
