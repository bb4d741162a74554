import { relative, sep } from 'node:path';
import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';

/** Below this a response goes as it is: compressing a few hundred bytes saves less than its headers cost. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Brotli's default quality (11) costs ~1 s for a 2 MB sync page; quality 4 is within a few
 * percent of gzip -9 in size at a fraction of its time. Gzip 6 is zlib's own balance.
 */
export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 6;

/** A year: the longest lifetime browsers honour; a hashed file's name changes with its content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Always asked again (a 304 when unchanged), so a new release is seen on the next load. */
export const REVALIDATE = 'no-cache';

/**
 * Compresses API responses above COMPRESS_THRESHOLD_BYTES (brotli or gzip, as the client
 * accepts) at BROTLI_QUALITY or GZIP_LEVEL. The change stream is
 * never compressed: a compressor holds its bytes until a block fills, and the events must
 * reach the client as they are written (it hijacks its reply as well, so no hook sees it).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
    customTypes: (type: string) => !type.startsWith('text/event-stream') && /^(application\/(json|javascript)|text\/|image\/svg)/.test(type),
  });
}

/**
 * The built app: files that Vite names by their content hash (everything under assets/, and
 * Workbox's runtime) are kept a year; index.html and the service worker are revalidated on
 * every load, so an update is found. Brotli and gzip copies made at build time are sent to a
 * client that accepts them (vite.config.ts makes them), never compressed again per request.
 */
export async function registerStaticFiles(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, path) => {
      res.setHeader('cache-control', cacheControlFor(relative(root, path)));
      // The same URL answers brotli, gzip or plain bytes: a shared cache must keep them apart.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  // A script or a stylesheet is not a document: the policies that govern documents (CSP, framing,
  // the opener...) are ~0.6 KB of every hashed file's response and mean nothing there, and the
  // first load's budget counts the bytes transferred. nosniff, CORP, HSTS and the referrer policy stay.
  app.addHook('onSend', async (request, reply) => {
    if (!HASHED.test(request.url.slice(1).split('?')[0]!)) return;
    // helmet writes them on the raw response.
    for (const header of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(header);
  });
}

/** Headers helmet sets that only a document (or a worker) reads. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-frame-options', 'x-xss-protection',
  'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies',
];

/** Vite's and Workbox's hashed names: `assets/name-[hash].ext`, `workbox-[hash].js`. */
const HASHED = /^(assets\/.+-[A-Za-z0-9_-]{8,}|workbox-[0-9a-f]{8})\.[a-z0-9]+$/;

/** The cache policy of a file of the built app, by its path under the root (a pre-compressed copy is the file's). */
export function cacheControlFor(pathUnderRoot: string): string {
  const path = pathUnderRoot.split(sep).join('/').replace(/\.(br|gz)$/, '');
  // index.html, sw.js and any file that keeps its name across releases are asked again.
  return HASHED.test(path) ? IMMUTABLE : REVALIDATE;
}
