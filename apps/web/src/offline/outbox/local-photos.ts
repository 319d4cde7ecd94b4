import type { UploadedFile } from '../../components/files/file-upload-field';
import { randomId } from './outbox-entry';

/**
 * Photos taken while offline. A form holds them as files like the uploaded ones, under a random
 * placeholder id; their bytes wait here (and, once the action is queued, in IndexedDB with it) until
 * they can be uploaded, and the placeholder is then replaced by the uploaded file's id.
 */
const photos = new Map<string, File>();

/** A photo kept on the device, shown from its own bytes until it is uploaded. */
export function keepLocalPhoto(file: File): UploadedFile {
  const id = randomId();
  photos.set(id, file);
  const url = URL.createObjectURL(file);
  return {
    _id: id,
    url,
    thumbnailUrl: url,
    name: file.name,
    contentType: file.type,
    size: file.size,
    width: null,
    height: null,
    kind: 'image',
  };
}

/** The bytes of a photo kept on the device, or undefined for an uploaded file's id. */
export function localPhoto(id: string): File | undefined {
  return photos.get(id);
}

export const isLocalPhoto = (file: Pick<UploadedFile, '_id'>) => photos.has(file._id);
