/** What other modules may use of files: the files of a subject, and attaching uploads to one in their write. */
export { attachFiles, type FileSubject, filesOf } from './file.repository.js';
