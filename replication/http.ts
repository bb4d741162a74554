/**
 * The one place the browser talks HTTP to the server (DESIGN.md §3): it adds the bearer
 * token, parses JSON and turns refusals into an `ApiError` carrying the server's sentence.
 */

/** A refused or failed request. `status` 0 means the server could not be reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** How long the server asked us to wait before trying again (Retry-After), when it said. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Longest Retry-After honoured: a misconfigured proxy must not park the queue for a day. */
const MAX_RETRY_AFTER_MS = 10 * 60_000;

/** Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3), in milliseconds from `now`. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header.trim()) * 1000 : Date.parse(header) - now;
  return Number.isFinite(seconds) ? Math.min(MAX_RETRY_AFTER_MS, Math.max(0, seconds)) : undefined;
}

/** Where `api` gets the bearer token; the session module registers itself here. */
export interface TokenSource {
  /** A valid token, refreshed first when it is about to expire; null when signed out. */
  token(): Promise<string | null>;
  /** Called once after a 401: renew the token if possible; true when a retry is worthwhile. */
  renewAfterUnauthorized(): Promise<boolean>;
}

let tokenSource: TokenSource | null = null;

/** Registered by replication/session.ts (kept apart so http.ts does not import the session). */
export function setTokenSource(source: TokenSource): void {
  tokenSource = source;
}

export interface ApiOptions {
  /** Send the bearer token (default true). Sign-in, refresh and /config go without. */
  auth?: boolean;
  /** Extra request headers, e.g. If-Match for an update of what was fetched. */
  headers?: Record<string, string>;
  /** Aborts the request (the replica stops, a stream closes). */
  signal?: AbortSignal;
}

/** A parsed answer with the response headers a caller needs (e.g. the ETag for a later If-Match). */
export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The part of `fetch` the client uses; tests give a real server's or a failing one. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** Calls of the API; one client per server, the app's goes to this origin's /api. */
export interface HttpClient {
  /**
   * Calls `{baseUrl}{path}` and returns the parsed JSON (undefined for 204). A 401 triggers one
   * token renewal and one retry, so a token that expired while the tab slept is invisible.
   */
  api<T>(method: Method, path: string, body?: unknown, options?: ApiOptions): Promise<T>;
  /** `api`, keeping the response headers. */
  apiResponse<T>(method: Method, path: string, body?: unknown, options?: ApiOptions): Promise<ApiResponse<T>>;
  /** The accepted response itself, unread: for a body that streams, or one the caller does not need. */
  open(method: Method, path: string, body?: unknown, options?: ApiOptions): Promise<Response>;
}

export interface HttpClientOptions {
  /** Default '/api' on the page's origin. */
  baseUrl?: string;
  /** Default: the global fetch, looked up on each call. */
  fetch?: FetchLike;
  /** Default: the source the session module registered. */
  tokens?: () => TokenSource | null;
}

const NETWORK_MESSAGE = 'The OpenPermit server could not be reached. Check your connection and try again.';

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const baseUrl = options.baseUrl ?? '/api';
  const doFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const tokens = options.tokens ?? (() => tokenSource);

  async function send(method: Method, path: string, body: unknown, apiOptions: ApiOptions): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...apiOptions.headers };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (apiOptions.auth ?? true) {
      const token = await tokens()?.token();
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    try {
      return await doFetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: apiOptions.signal,
      });
    } catch (error) {
      if (apiOptions.signal?.aborted) throw error;
      // fetch only rejects when no response arrived (offline, DNS, server down).
      throw new ApiError(0, NETWORK_MESSAGE);
    }
  }

  async function open(method: Method, path: string, body?: unknown, apiOptions: ApiOptions = {}): Promise<Response> {
    let response = await send(method, path, body, apiOptions);
    const source = tokens();
    if (response.status === 401 && (apiOptions.auth ?? true) && source && (await source.renewAfterUnauthorized())) {
      response = await send(method, path, body, apiOptions);
    }
    if (!response.ok) throw new ApiError(response.status, await errorMessage(response), retryAfterMs(response.headers.get('retry-after')));
    return response;
  }

  async function apiResponse<T>(method: Method, path: string, body?: unknown, apiOptions: ApiOptions = {}): Promise<ApiResponse<T>> {
    const response = await open(method, path, body, apiOptions);
    const text = response.status === 204 ? '' : await response.text();
    return { data: (text === '' ? undefined : JSON.parse(text)) as T, headers: response.headers };
  }

  return {
    apiResponse,
    api: async <T>(method: Method, path: string, body?: unknown, apiOptions?: ApiOptions) =>
      (await apiResponse<T>(method, path, body, apiOptions)).data,
    open,
  };
}

/** The app's client: this origin's /api with the signed-in user's token. */
export const http = createHttpClient();

/** `http.api`: the typed calls of replication/api use it. */
export const api = http.api;

/** `http.apiResponse`. */
export const apiResponse = http.apiResponse;

/** The server's `message` (ErrorResponse); a generic sentence when the body is not ours. */
async function errorMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message !== '') return body.message;
  } catch {
    // not JSON (a proxy's HTML page, for instance): fall through
  }
  const status = [response.status, response.statusText].filter(Boolean).join(' ');
  return `The server refused the request (${status}).`;
}
