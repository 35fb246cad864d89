import { Link } from "@tanstack/react-router";
import { TopBar } from "./top-bar.tsx";

/**
 * A dashboard path that matches no page. It is drawn outside the signed-in layout (the router
 * found no route to put it in), so it brings the top bar itself: the way on is one click away.
 */
export function NotFoundPage() {
  return (
    <>
      <TopBar />
      <main className="page not-found">
        <h1>No such page in the dashboard</h1>
        <p>
          The address may be mistyped, or the page moved.{" "}
          <Link to="/evaluations">Go to the evaluations</Link>.
        </p>
      </main>
    </>
  );
}
