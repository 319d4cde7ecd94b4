/**
 * What other modules may use of files: the files of a subject, attaching uploads to one in their
 * write, and the public fault portal's image upload (the one upload pipeline).
 */
export { attachFiles, filesAttachable, filesOf } from './file.repository.js';
export { uploadPortalImage } from './file.service.js';
