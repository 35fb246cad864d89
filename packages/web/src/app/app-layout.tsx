import { Link, Outlet } from "@tanstack/react-router";
import { ErrorMessage } from "../shared/error-message.tsx";
import { useSession, useSignOut } from "./use-session.ts";

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
          <Link to="/evaluations" activeProps={{ className: "active" }}>
            Evaluations
          </Link>
          <Link to="/models" activeProps={{ className: "active" }}>
            Models
          </Link>
          <Link to="/benchmarks" activeProps={{ className: "active" }}>
            Benchmarks
          </Link>
          <Link to="/traces" activeProps={{ className: "active" }}>
            Traces
          </Link>
          <Link to="/judges" activeProps={{ className: "active" }}>
            Judges
          </Link>
          <Link to="/scorers" activeProps={{ className: "active" }}>
            Scorers
          </Link>
          <Link to="/leaderboards" activeProps={{ className: "active" }}>
            Leaderboards
          </Link>
          <Link to="/public/evaluations" activeProps={{ className: "active" }}>
            Public
          </Link>
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
