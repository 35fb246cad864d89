import { Outlet } from "@tanstack/react-router";
import { TopBar } from "./top-bar.tsx";
import { useSession } from "./use-session.ts";

export function AppLayout() {
  const session = useSession();
  // The route's beforeLoad made sure of the session; a 401 later is handled in main.tsx.
  if (!session.data) return null;
  return (
    <>
      <TopBar />
      <main className="page">
        <Outlet />
      </main>
    </>
  );
}
