import type { FastifyInstance } from 'fastify';

/**
 * SHA-256 of the stylesheet react-toastify 11 injects as a <style> element at run time (the exact
 * text of its dist/ReactToastify.css). Allowing this one hash instead of 'unsafe-inline' keeps
 * every other inline style out. security.db.test.ts recomputes it from the installed package:
 * when react-toastify changes, that test names the new hash to put here.
 */
export const TOASTIFY_STYLE_HASH = "'sha256-wBAOjWqzlHdwhuIyV//yRl4v0VNTHc3TOqbIfNXoA7k='";

/**
 * Content-Security-Policy of the web app (OWASP ASVS 4.0.3 V14.4.3). Scripts only from our own
 * origin: Vite builds the app into /assets/*.js and index.html has no inline script; no eval.
 * Styles from our own origin (the built CSS; React's style props go through the CSSOM, which CSP
 * does not restrict) plus react-toastify's injected stylesheet by its hash. No 'unsafe-inline'.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  `style-src 'self' ${TOASTIFY_STYLE_HASH}`,
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** API answers are data, never a document: nothing may load from them, nothing may frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** One year, as OWASP's HTTP Headers Cheat Sheet recommends; only sent over HTTPS deployments. */
export const HSTS = 'max-age=31536000; includeSubDomains';

export interface SecurityHeaderOptions {
  /** COOKIE_SECURE: the app is served over HTTPS, so browsers may be told to insist on it. */
  https: boolean;
  /** Paths answered by the API (JSON), which get the API policy and `Cache-Control: no-store`. */
  isApiPath: (url: string) => boolean;
}

/** The headers every answer carries, by kind of answer. */
export function securityHeaders(opts: SecurityHeaderOptions, url: string): Record<string, string> {
  const api = opts.isApiPath(url);
  return {
    'content-security-policy': api ? API_CSP : PAGE_CSP,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    // Not no-referrer: with it, browsers send `Origin: null` on same-origin POSTs, which the CSRF check refuses.
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    // Live attendance (issue 21) takes a selfie and the position on our own pages only; never in a frame.
    'permissions-policy': 'camera=(self), microphone=(), geolocation=(self), payment=(), usb=()',
    ...(opts.https ? { 'strict-transport-security': HSTS } : {}),
    // Personal and payroll data must not stay in browser or proxy caches (ASVS V8.2.1).
    ...(api ? { 'cache-control': 'no-store' } : {}),
  };
}

/**
 * Adds the security headers to every answer (API, static files, the single-page app, errors)
 * in an onSend hook, so no route can forget them. A header a route set itself is kept.
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: SecurityHeaderOptions): void {
  app.addHook('onSend', async (req, reply, payload) => {
    for (const [name, value] of Object.entries(securityHeaders(opts, req.url))) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });
}
