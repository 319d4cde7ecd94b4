import type { FileKind, FileRef, UploadedFile } from '@amp/contracts/file';
import { fileOperations } from '@amp/contracts/operations/file';
import { ApiError, apiDownload, apiUpload, saveBlob } from '../../lib/api';
import { callPath } from '../../lib/api-call';
import { i18n } from '../../lib/i18n';

export type { FileKind, FileRef, UploadedFile };

const UPLOAD_URL = callPath(fileOperations.upload);

/**
 * Uploads one file with its progress (lib/api). Any 2xx is a success (docs/product.md#files-and-images); a 204
 * without a body is described from the Location header.
 */
export function uploadFile(
  file: File,
  kind: FileKind,
  onProgress: (fraction: number) => void,
): { promise: Promise<UploadedFile>; abort(): void } {
  const upload = apiUpload<UploadedFile>(UPLOAD_URL, file, onProgress);
  const promise = upload.promise.then(({ status, data, location }): UploadedFile => {
    if (data?._id) return data;
    const id = location?.split('/').filter(Boolean).pop();
    if (!location || !id) throw new ApiError(status, i18n.t('ERROR.GENERIC'));
    return {
      _id: id,
      url: location,
      thumbnailUrl: kind === 'image' ? `${location}/thumbnail` : null,
      name: file.name,
      contentType: file.type,
      size: file.size,
      width: null,
      height: null,
      kind,
    };
  });
  return { promise, abort: upload.abort };
}

/** The bytes behind an authenticated file URL. */
export async function fetchFileBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  return (await apiDownload(url, signal)).blob;
}

/** Saves an authenticated file under its name: fetched with the token, handed to the browser as a blob. */
export async function downloadFile(url: string, name: string): Promise<void> {
  saveBlob(await fetchFileBlob(url), name);
}

/** A size in the reader's language: "850 kB", "2.4 MB". */
export function formatFileSize(bytes: number): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [Math.max(bytes / 1000, 0.1), 'kilobyte'];
  return new Intl.NumberFormat(i18n.language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}
