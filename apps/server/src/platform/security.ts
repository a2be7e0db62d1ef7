import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// Keyed by the raw request because helmet's directive functions only receive the raw objects.
const nonces = new WeakMap<IncomingMessage, string>();

/** The CSP nonce of this request; index.html puts it where `__CSP_NONCE__` stands. */
export function cspNonceOf(request: FastifyRequest): string {
  return nonces.get(request.raw) ?? '';
}

/**
 * Strict CSP: only our own scripts (files, or an inline one carrying this request's nonce); styles
 * from our files or from <style> tags carrying this request's nonce (Emotion reads it from
 * <meta name="csp-nonce">); inline style attributes are allowed because MUI sets them at runtime. No upgrade-insecure-requests: installs on a LAN
 * over plain HTTP must keep working.
 */
/** This request's nonce as a CSP source. */
const requestNonce = (req: IncomingMessage) => `'nonce-${nonces.get(req) ?? ''}'`;

const cspDirectives = {
  'default-src': ["'self'"],
  // The nonce admits index.html's one inline script (the colour mode before the first paint): a file
  // would be one more render-blocking request on a first visit (decision 122).
  'script-src': ["'self'", requestNonce],
  'style-src': ["'self'", requestNonce],
  'style-src-attr': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

/**
 * Headers that only a document (or a worker) obeys: a script, style sheet or font ignores them. The
 * build's hashed files (/assets/*) go out without them: about 0.7 KB a response, which on a first
 * visit of the dashboard (over 100 files on HTTP/1.1, where headers are not compressed) added up to
 * some 75 KB on the wire, a fifth of its code (issue 37). `nosniff` and the resource policy stay:
 * they apply to scripts. The pages themselves keep every header.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** Security headers with a per-request CSP nonce, and no-store on API answers. Request budgets: platform/auth.ts. */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    nonces.set(request.raw, randomBytes(16).toString('base64'));
  });
  // API answers carry tokens and personal data (sign-in, /me, lists): no browser or proxy keeps
  // them. Content-addressed files (brand assets, avatars) say `immutable` and keep their cache.
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const current = reply.getHeader('cache-control');
    if (typeof current === 'string' && current.includes('immutable')) return;
    reply.header('cache-control', 'no-store');
  });
  app.addHook('onSend', async (request, reply) => {
    // Only the build's scripts and styles: no worker is ever loaded from there (a worker would obey its CSP).
    if (!request.url.startsWith('/assets/') || !/\.(js|css)$/.test(request.url.split('?')[0] ?? '')) return;
    for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
  });
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives },
    // Cross-origin isolation headers would break images served to other origins (brand logos in
    // emails later) and buy nothing for this app.
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
}

/** True for the API's paths (`/api`, `/api/...`, `/api?...`); everything else is the web app's. */
export const isApiRequest = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
