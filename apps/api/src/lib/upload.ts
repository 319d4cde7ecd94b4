import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/** How a multipart route reads its one file (docs/api-contract.md: 400 bad or missing, 413 too large, 415 wrong type). */
export interface UploadOptions {
  /** The most bytes read; a longer file comes back `truncated` and the rest is skipped. */
  maxBytes: number;
  /** The 400 for a body without the file or one that cannot be parsed; each route keeps its message. */
  missing: () => AppError;
  /** What a body that is not multipart at all gets: the same 400 as a missing file (default) or a 415. */
  notMultipart?: 'missing' | 'unsupported';
  /** The multipart field that carries the file. */
  field?: string;
  /** Write the bytes to this path instead of keeping them in memory (the file is removed if reading fails). */
  saveTo?: string;
  /** How many leading bytes to keep in `head`, to tell the type by content. */
  headBytes?: number;
}

export interface Upload {
  /** The name the sender gave, without control characters (it may end up in the database). */
  filename: string;
  /** The bytes read, unless they went to `saveTo`. */
  bytes?: Buffer;
  /** The first `headBytes` bytes. */
  head: Buffer;
  size: number;
  /** True when the file was longer than `maxBytes`. */
  truncated: boolean;
}

/**
 * The one reader of multipart uploads: the file of `field`, in memory or streamed to `saveTo`.
 * Whatever is wrong with the body itself (a wrong or missing boundary, a truncated or malformed
 * part, no file) is the sender's mistake, a 400; a failure to write the bytes stays a 500.
 */
export async function readUpload(request: FastifyRequest, options: UploadOptions): Promise<Upload> {
  const { maxBytes, missing, field = 'file', saveTo, headBytes = 0 } = options;
  if (!request.isMultipart()) {
    throw options.notMultipart === 'unsupported' ? new AppError(415, 'ERROR.UNSUPPORTED_TYPE') : missing();
  }
  const bodyError = (error: unknown) => {
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof AppError) return error;
    // @fastify/multipart's limits carry 413; everything else the parser throws is a bad body.
    if (status === 413) return new AppError(413, 'ERROR.TOO_LARGE');
    return missing();
  };

  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: maxBytes }, throwFileSizeLimit: false });
  } catch (error) {
    throw bodyError(error);
  }
  if (part?.fieldname !== field) {
    part?.file.resume();
    throw missing();
  }

  const head: Buffer[] = [];
  const chunks: Buffer[] = [];
  let size = 0;
  let headLength = 0;
  const sink = saveTo
    ? createWriteStream(saveTo)
    : new Writable({
        write(chunk: Buffer, _encoding, callback) {
          chunks.push(chunk);
          callback();
        },
      });
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (headLength < headBytes) {
        const slice = chunk.subarray(0, headBytes - headLength);
        head.push(slice);
        headLength += slice.length;
      }
      size += chunk.length;
      callback(null, chunk);
    },
  });
  try {
    await pipeline(part.file, tap, sink);
  } catch (error) {
    if (saveTo) await unlink(saveTo).catch(() => {});
    // A failed pipeline hands every stream the same error, so its kind tells who failed: the body
    // parser's errors (malformed, cut short) are plain, a failing destination (a full disk) is a system error.
    throw isSystemError(error) ? error : bodyError(error);
  }
  return {
    filename: (part.filename ?? '').replace(/\p{Cc}/gu, ''),
    ...(saveTo ? {} : { bytes: Buffer.concat(chunks) }),
    head: Buffer.concat(head),
    size,
    truncated: part.file.truncated,
  };
}

function isSystemError(error: unknown): boolean {
  return typeof (error as { syscall?: unknown }).syscall === 'string';
}
