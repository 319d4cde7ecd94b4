import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { attachment } from './spreadsheet.js';

/** A file to download: its type, the name the browser saves it under, and its bytes. */
export interface Download {
  contentType: string;
  fileName: string;
  body: string | Buffer | Readable;
}

/** Answers the file as a download. */
export function sendDownload(reply: FastifyReply, file: Download) {
  return reply.header('content-type', file.contentType).header('content-disposition', attachment(file.fileName)).send(file.body);
}
