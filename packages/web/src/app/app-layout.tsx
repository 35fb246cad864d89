import { Link, Outlet } from "@tanstack/react-router";
import { ErrorMessage } from "../shared/error-message.tsx";
import { useSession, useSignOut } from "./use-session.ts";

/** The top bar's sections, in the order people work: run, then judge, then share. */
const SECTIONS = [
  ["/evaluations", "Evaluations"],
  ["/models", "Models"],
  ["/benchmarks", "Benchmarks"],
  ["/traces", "Traces"],
  ["/judges", "Judges"],
  ["/scorers", "Scorers"],
  ["/leaderboards", "Leaderboards"],
  ["/public/evaluations", "Public"],
] as const;

export function AppLayout() {
  const session = useSession();
  const signOut = useSignOut();
  // The route's beforeLoad made sure of the session; a 401 later is handled in main.tsx.
  if (!session.data) return null;
  const { organization, project } = session.data;
  return (
    <>
      <header className="top-bar">
        <span className="brand">Assay</span>
        <nav>
          {SECTIONS.map(([to, label]) => (
            <Link key={to} to={to} activeProps={{ className: "active" }}>
              {label}
            </Link>
          ))}
        </nav>
        <span className="who muted" title="organization / project of the signed-in API key">
          {organization.name} / {project.name}
        </span>
        <button type="button" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          Sign out
        </button>
      </header>
      {signOut.isError ? <ErrorMessage error={signOut.error} /> : null}
      <main className="page">
        <Outlet />
      </main>
    </>
  );
}
