import type { PageMeta } from '@amp/contracts/fields';

/** The stored authToken (SPEC.md section 3: only the token persists, under a fixed key). */
export const AUTH_TOKEN_KEY = 'amp.authToken';

export interface FieldError {
  path: string;
  message: string;
}

/** An API error body (DESIGN.md section 5), thrown by `api`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
  }
}

export interface Page<T> {
  data: T[];
  meta: PageMeta;
}

type UnauthorizedListener = () => void;
let onUnauthorized: UnauthorizedListener = () => {};

/** The app sets what a 401 does (the session-expired notice, sign out, reload). */
export function setUnauthorizedHandler(listener: UnauthorizedListener) {
  onUnauthorized = listener;
}

export function getToken(): string | null {
  return localStorage.getItem(AUTH_TOKEN_KEY);
}

export function setToken(token: string | null) {
  if (token) localStorage.setItem(AUTH_TOKEN_KEY, token);
  else localStorage.removeItem(AUTH_TOKEN_KEY);
}

type Query = Record<string, string | number | boolean | undefined | null>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Calls the API; returns the whole JSON body (`{ data, meta? }`), or throws ApiError. */
export async function apiRequest<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
  const token = getToken();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(withQuery(path, query), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  const json = text ? JSON.parse(text) : {};
  if (!response.ok) {
    if (response.status === 401 && token) onUnauthorized();
    throw new ApiError(response.status, json.message ?? response.statusText, json.errors ?? []);
  }
  return json as T;
}

/** The `data` of a call. */
export const api = {
  get: async <T>(path: string, query?: Query) => (await apiRequest<{ data: T }>('GET', path, undefined, query)).data,
  post: async <T>(path: string, body?: unknown) => (await apiRequest<{ data: T }>('POST', path, body ?? {})).data,
  put: async <T>(path: string, body?: unknown) => (await apiRequest<{ data: T }>('PUT', path, body ?? {})).data,
  del: async <T>(path: string) => (await apiRequest<{ data: T }>('DELETE', path)).data,
  page: <T>(path: string, query?: Query) => apiRequest<Page<T>>('GET', path, undefined, query),
};
