import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config.js';

/**
 * Where uploaded bytes live (docs/architecture.md#files): local disk under `DATA_DIR/files` by default,
 * any S3-compatible bucket when STORAGE_DRIVER=s3. Keys are made by the API, never by a client.
 */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or undefined when there is no such object. */
  get(key: string): Promise<Readable | undefined>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** Segments of letters, digits, dot, dash and underscore, none starting with a dot: no "..", no absolute paths. */
const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function assertSafeKey(key: string): void {
  if (key.length > 300 || !SAFE_KEY.test(key)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
}

const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

export class LocalDiskStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    const path = resolve(this.root, key);
    // Belt and braces: the pattern already rules out leaving the root.
    if (!path.startsWith(this.root + sep)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
    return path;
  }

  /** The type is not kept on disk: the files table records it. */
  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Written aside and renamed into place, so a reader never sees half a file.
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, body, { flag: 'wx' });
      await rename(temporary, path);
    } catch (error) {
      await unlink(temporary).catch(() => {});
      throw error;
    }
  }

  async get(key: string): Promise<Readable | undefined> {
    try {
      const handle = await open(this.pathOf(key), 'r');
      return handle.createReadStream();
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
}

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

export class S3Storage implements FileStorage {
  private client?: Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3') }>;

  constructor(private readonly settings: S3Settings) {}

  /** The SDK is loaded on first use: a local-disk deployment never pays for it. */
  private connect() {
    this.client ??= import('@aws-sdk/client-s3').then((sdk) => {
      const { endpoint, region, accessKeyId, secretAccessKey } = this.settings;
      const client = new sdk.S3Client({
        region,
        endpoint,
        // S3-compatible services (MinIO, R2, Spaces...) are addressed as endpoint/bucket/key.
        forcePathStyle: Boolean(endpoint),
        credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
      });
      return { client, sdk };
    });
    return this.client;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    const { client, sdk } = await this.connect();
    await client.send(new sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  async get(key: string): Promise<Readable | undefined> {
    assertSafeKey(key);
    const { client, sdk } = await this.connect();
    try {
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      // In Node.js the body is a Readable (with the SDK's stream helpers mixed in).
      return answer.Body as Readable | undefined;
    } catch (error) {
      const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    const { client, sdk } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }
}

/** The storage the configuration asks for; nothing is touched until the first file is written. */
export function createStorage(config: Config): FileStorage {
  if (config.STORAGE_DRIVER === 's3') {
    if (!config.S3_BUCKET) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET (and S3_REGION, S3_ENDPOINT for an S3-compatible service)');
    return new S3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION || 'us-east-1',
      endpoint: config.S3_ENDPOINT || undefined,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return new LocalDiskStorage(join(config.dataDir, 'files'));
}
