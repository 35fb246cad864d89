import { REQUEST_MARKER_HEADER, UI_SESSION_PATH } from "@assay/protocol";
import { readableError } from "../shared/readable-error.ts";

/**
 * The dashboard's own door (not part of the API, so not in the SDK): exchange an API key for the
 * session cookie once, or end the session. The key goes to the server and is forgotten.
 */
export async function signIn(apiKey: string): Promise<void> {
  const response = await fetch(UI_SESSION_PATH, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", [REQUEST_MARKER_HEADER]: "1" },
    body: JSON.stringify({ api_key: apiKey }),
  });
  if (!response.ok) throw new Error(await errorText(response));
}

export async function signOut(): Promise<void> {
  const response = await fetch(UI_SESSION_PATH, {
    method: "DELETE",
    credentials: "same-origin",
    headers: { [REQUEST_MARKER_HEADER]: "1" },
  });
  if (!response.ok) throw new Error(await errorText(response));
}

async function errorText(response: Response): Promise<string> {
  const text = await response.text();
  try {
    return readableError(JSON.parse(text) as unknown, response.status);
  } catch {
    return `${response.status}: ${text.slice(0, 200)}`;
  }
}
