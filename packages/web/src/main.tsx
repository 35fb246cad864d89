import { QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { router } from "./app/router.tsx";
import { isUnauthenticated } from "./shared/readable-error.ts";
import "./styles.css";

const queryClient = new QueryClient({
  // A session that ends while the page is open (signed out elsewhere, expired, key revoked):
  // back to sign-in, then back here.
  queryCache: new QueryCache({
    onError: (error) => {
      if (!isUnauthenticated(error) || router.state.location.pathname === "/sign-in") return;
      queryClient.clear();
      void router.navigate({ to: "/sign-in", search: { next: router.state.location.href } });
    },
  }),
  defaultOptions: {
    queries: {
      // A 401 will not fix itself by asking again; other failures get one more try.
      retry: (count, error) => !isUnauthenticated(error) && count < 1,
      // Sessions share their key's rate-limit bucket: no refetch storms on focus.
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
  },
});

const root = document.getElementById("root");
if (!root) throw new Error("the page has no #root element");
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} context={{ queryClient }} />
    </QueryClientProvider>
  </StrictMode>,
);
