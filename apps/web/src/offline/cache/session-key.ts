/**
 * What ties saved data to one signed-in session: a hash of the bearer token. The page and the service
 * worker both compute it (the worker from a request's Authorization header), so a saved photo or a
 * saved page of data is only ever handed back to the session that fetched it, and the token itself is
 * never written anywhere new.
 */

/** Every session's photo cache starts with this; signing out deletes them all. */
export const FILE_CACHE_PREFIX = 'amp-files-';

export async function sessionKey(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest).slice(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The Cache Storage name of one session's photos. */
export function fileCacheName(key: string): string {
  return `${FILE_CACHE_PREFIX}${key}`;
}

/** Whether a request or URL is an API file download (/v2/file/:id, /v2/file/:id/thumbnail). */
export function isFileUrl(url: URL): boolean {
  return url.origin === self.location.origin && url.pathname.startsWith('/v2/file/') && !url.pathname.startsWith('/v2/file/upload');
}

/** The most photos one session keeps; the oldest go first. */
export const MAX_SAVED_FILES = 400;

/** Keeps `cache` to MAX_SAVED_FILES entries (Cache Storage lists keys in the order they were put). */
export async function trimFileCache(cache: Cache): Promise<void> {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_SAVED_FILES)).map((key) => cache.delete(key)));
}

/** Only images are kept: they are what a technician looks at offline, and documents can be large. */
export function isSavableFile(response: Response): boolean {
  return response.ok && (response.headers.get('content-type') ?? '').startsWith('image/');
}
