import { useState } from "react";
import { ErrorMessage } from "../shared/error-message.tsx";
import { useSignIn } from "./use-sign-in.ts";

/** Paste an API key once; the server answers with a session cookie and the page forgets the key. */
export function SignInPage() {
  const [apiKey, setApiKey] = useState("");
  const signIn = useSignIn();
  return (
    <main className="sign-in">
      <h1>Assay</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          signIn.mutate(apiKey.trim());
        }}
      >
        <label htmlFor="api-key">API key</label>
        <input
          id="api-key"
          name="api-key"
          type="password"
          autoComplete="off"
          placeholder="assay_…"
          value={apiKey}
          onChange={(event) => setApiKey(event.target.value)}
          required
        />
        <button type="submit" disabled={signIn.isPending || apiKey.trim() === ""}>
          {signIn.isPending ? "Signing in…" : "Sign in"}
        </button>
        {signIn.isError ? <ErrorMessage error={signIn.error} /> : null}
      </form>
      <p className="muted small">
        The key is exchanged once for a session cookie and not kept by this page. No key yet?{" "}
        <code>assay keys create</code> prints one; <code>assay serve</code> prints the first.
      </p>
    </main>
  );
}
