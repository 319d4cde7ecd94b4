import type { FileKind, FileRef, UploadedFile } from '@amp/contracts/file';
import { ApiError, getToken } from '../../lib/api';
import { i18n } from '../../lib/i18n';

export type { FileKind, FileRef, UploadedFile };

const UPLOAD_URL = '/v2/file/upload';

function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** The error body of a failed call (DESIGN.md section 5) as an ApiError. */
function errorOf(status: number, text: string): ApiError {
  try {
    const body = JSON.parse(text) as { message?: string; errors?: { path: string; message: string }[] };
    return new ApiError(status, body.message ?? i18n.t('ERROR.GENERIC'), body.errors ?? []);
  } catch {
    return new ApiError(status, i18n.t('ERROR.GENERIC'));
  }
}

/**
 * Uploads one file with XMLHttpRequest (fetch cannot report upload progress). Any 2xx is a
 * success (SPEC.md section 9); a 204 without a body is described from the Location header.
 */
export function uploadFile(
  file: File,
  kind: FileKind,
  onProgress: (fraction: number) => void,
): { promise: Promise<UploadedFile>; abort(): void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadedFile>((resolve, reject) => {
    xhr.open('POST', UPLOAD_URL);
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(errorOf(xhr.status, xhr.responseText));
      onProgress(1);
      try {
        const body = xhr.responseText ? (JSON.parse(xhr.responseText) as { data?: UploadedFile }) : {};
        if (body.data?._id) return resolve(body.data);
      } catch {
        // An empty or non-JSON success: described from the Location header below.
      }
      const location = xhr.getResponseHeader('Location');
      const id = location?.split('/').filter(Boolean).pop();
      if (!location || !id) return reject(new ApiError(xhr.status, i18n.t('ERROR.GENERIC')));
      resolve({
        _id: id,
        url: location,
        thumbnailUrl: kind === 'image' ? `${location}/thumbnail` : null,
        name: file.name,
        contentType: file.type,
        size: file.size,
        width: null,
        height: null,
        kind,
      });
    };
    xhr.onerror = () => reject(new ApiError(0, i18n.t('ERROR.GENERIC')));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

/** The bytes behind an authenticated file URL. */
export async function fetchFileBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(url, { headers: authHeaders(), signal });
  if (!response.ok) throw errorOf(response.status, await response.text());
  return response.blob();
}

/** Saves an authenticated file under its name: fetched with the token, handed to the browser as a blob. */
export async function downloadFile(url: string, name: string): Promise<void> {
  const blob = await fetchFileBlob(url);
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

/** A size in the reader's language: "850 kB", "2.4 MB". */
export function formatFileSize(bytes: number): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [Math.max(bytes / 1000, 0.1), 'kilobyte'];
  return new Intl.NumberFormat(i18n.language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}
