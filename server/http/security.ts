import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * Security headers. The CSP allows only our own scripts; inline styles are needed because
 * Fluent UI (Griffel) inserts its CSS at run time.
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string, oidcIssuer?: string): Promise<void> {
  // The browser talks to a corporate identity provider directly (discovery, token, renewal).
  const identityProvider = oidcIssuer ? [new URL(oidcIssuer).origin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...identityProvider],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // The sign-out page opens the identity provider's logout in a popup; it must keep its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: publicUrl.startsWith('https:') ? { maxAge: 31_536_000 } : false,
  });
}
