/**
 * Headers on everything under `/ui/`: scripts, styles, images and requests only from our own
 * origin (no CDN, no telemetry); inline styles allowed because charts set `style` attributes; the
 * dashboard may not be framed (clickjacking), sniffed, or leak its URLs in a Referer.
 */
export const DASHBOARD_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join("; "),
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};

/** Vite names every file under assets/ after its content: it never changes at that URL. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** The app shell names the current assets: always revalidate it. */
export const NO_CACHE = "no-cache";
