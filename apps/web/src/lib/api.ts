import type { ApiErrorBody, PageMeta } from '@amp/contracts/fields';
import { i18n, storedLanguage } from './i18n';

/** The stored authToken (docs/product.md#the-session: only the token persists, under a fixed key). */
export const AUTH_TOKEN_KEY = 'amp.authToken';

/** One field's message of a 400 (the `errors` of the API's error body). */
export type FieldError = NonNullable<ApiErrorBody['errors']>[number];

/** An API error body (docs/api-contract.md), thrown by `api`. */
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

/** The reader's language: the API renders texts (notifications, messages) in it. */
function language(): string {
  return i18n.language || storedLanguage();
}

/** The headers every call sends: the bearer token (when signed in) and Accept-Language. */
function baseHeaders(token: string | null, accept = 'application/json'): Record<string, string> {
  const headers: Record<string, string> = { accept, 'accept-language': language() };
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
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
  const headers = baseHeaders(token);
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

/**
 * The error of a failed call from its status and body text. Without an error body (a proxy's
 * page) the message stays empty, so the user is shown the generic text (apiErrorText).
 */
function errorFrom(status: number, text: string): ApiError {
  try {
    const body = JSON.parse(text) as { message?: string; errors?: FieldError[] };
    return new ApiError(status, body.message ?? '', body.errors ?? []);
  } catch {
    return new ApiError(status, '');
  }
}

/** A failed call: a 401 with a token means the session is gone (the session-expired notice), as for `api`. */
function failed(status: number, text: string, token: string | null): ApiError {
  if (status === 401 && token) onUnauthorized();
  return errorFrom(status, text);
}

export interface UploadResult<T> {
  status: number;
  /** The `data` of the answer's body, when it has one. */
  data: T | undefined;
  /** The Location header, for a 201 or 204 that names what was made. */
  location: string | null;
}

export interface UploadHandle<T> {
  promise: Promise<UploadResult<T>>;
  abort(): void;
}

/**
 * POSTs one file as multipart/form-data (field `file`) with the bearer token, through
 * XMLHttpRequest because fetch cannot report upload progress. Any 2xx resolves; anything else
 * rejects with an ApiError (and a 401 shows the session-expired notice); `abort()` rejects with
 * an AbortError.
 */
export function apiUpload<T>(path: string, file: File, onProgress: (fraction: number) => void): UploadHandle<T> {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadResult<T>>((resolve, reject) => {
    const token = getToken();
    xhr.open('POST', path);
    for (const [name, value] of Object.entries(baseHeaders(token))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(failed(xhr.status, xhr.responseText, token));
      onProgress(1);
      let data: T | undefined;
      try {
        data = xhr.responseText ? (JSON.parse(xhr.responseText) as { data?: T }).data : undefined;
      } catch {
        // An empty or non-JSON success: the caller goes by the status and the Location header.
      }
      resolve({ status: xhr.status, data, location: xhr.getResponseHeader('Location') });
    };
    xhr.onerror = () => reject(new ApiError(0, ''));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

/** The bytes behind an authenticated URL, and the file name the answer gives (Content-Disposition). */
export async function apiDownload(path: string, signal?: AbortSignal): Promise<{ blob: Blob; filename: string | null }> {
  const token = getToken();
  const response = await fetch(path, { headers: baseHeaders(token, '*/*'), signal });
  if (!response.ok) throw failed(response.status, await response.text(), token);
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null;
  return { blob: await response.blob(), filename };
}

/** Downloads an authenticated file (a template, an export) under the name the API gives it. */
export async function downloadAs(path: string, fallbackName: string): Promise<void> {
  const { blob, filename } = await apiDownload(path);
  saveBlob(blob, filename ?? fallbackName);
}

/** Hands a blob to the browser as a download under `name`. */
export function saveBlob(blob: Blob, name: string) {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by now; a moment later the blob can go.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}

/** One Server-Sent Event: its `event:` name (`message` when none) and its `data:` lines joined. */
export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * Reads a Server-Sent Events stream with fetch, so the bearer token goes in the Authorization
 * header (EventSource cannot send it, and a token never goes in a URL). Resolves when the server
 * ends the stream or `signal` aborts it; rejects with an ApiError when the call fails (a 401 shows
 * the session-expired notice, as for `api`) or with the network error when the connection drops.
 * Reconnecting is the caller's choice.
 */
export async function streamEvents(path: string, onEvent: (event: StreamEvent) => void, signal: AbortSignal): Promise<void> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(path, { headers: { ...baseHeaders(token, 'text/event-stream'), 'cache-control': 'no-cache' }, signal });
  } catch (error) {
    if (signal.aborted) return;
    throw error;
  }
  if (!response.ok) throw failed(response.status, await response.text(), token);
  if (!response.body) throw new ApiError(response.status, '');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let name = '';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: name || 'message', data: data.join('\n') });
      name = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += value;
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = lines.pop() ?? '';
      for (const text of lines) line(text);
    }
  } catch (error) {
    if (signal.aborted) return;
    throw error;
  } finally {
    reader.releaseLock();
  }
}
