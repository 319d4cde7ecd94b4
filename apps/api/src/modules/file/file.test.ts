import { readdirSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { describeActivity } from '@amp/contracts/activity';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, assets, files, slas } from '../../db/schema/index.js';
import { write } from '../../lib/write.js';
import { LocalDiskStorage } from '../../plugins/storage.js';
import { createCategory, createFile, createUser, multipartFile, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { attachFiles, filesOf } from './file.repository.js';
import { cleanFileName, detectFileType } from './file.service.js';

let t: TestApp;
let owner: TestUser;
let otherOwner: TestUser;
let mro: TestUser;
let imo: TestUser;
let tech: TestUser;
let categoryId: string;
let png: Buffer;
let jpegWithExif: Buffer;

type Headers = { authorization: string };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const MB = 1024 * 1024;
const missingId = '00000000-0000-4000-8000-000000000000';

async function upload(bytes: Buffer, filename: string, headers: Headers | null = owner.headers, type?: string, field?: string) {
  const body = await multipartFile(bytes, filename, { type, field });
  return t.app.inject({
    method: 'POST',
    url: '/v2/file/upload',
    headers: { ...(headers ?? {}), ...body.headers },
    payload: body.payload,
  });
}

/** An uploaded file's id (201 expected). */
const uploaded = (bytes: Buffer, filename: string, headers: Headers = owner.headers) => createFile(t, headers, { bytes, name: filename });

const get = (url: string, headers: Headers | null = owner.headers) => t.app.inject({ url, headers: headers ?? undefined });

/** Every object in the storage directory, as paths under it. */
function storedObjects(): string[] {
  const root = join(t.app.deps.config.dataDir, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(root, join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

async function written() {
  return {
    files: (await t.db.select({ value: count() }).from(files))[0]!.value,
    assets: (await t.db.select({ value: count() }).from(assets))[0]!.value,
    activities: (await t.db.select({ value: count() }).from(activities))[0]!.value,
    objects: storedObjects(),
  };
}

/** A valid PNG of 20000 x 20000 one-bit pixels in about 50 KB: small on the wire, huge once decoded. */
function hugePng(size = 20_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + size / 8) * size);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function createAsset(payload: object, headers: Headers = owner.headers) {
  return t.app.inject({ method: 'POST', url: '/v2/asset/create/', headers, payload: { name: 'Pump', categoryId, ...payload } });
}

async function until(condition: () => boolean | Promise<boolean>, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  otherOwner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  mro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
  imo = await createUser(t.db, { kind: 'imo', roleKey: 'imo', isOrgAdmin: true });
  tech = await createUser(t.db, { organisationId: mro.organisationId, roleKey: 'technician' });
  categoryId = await createCategory(t.db, 'Water');
  png = await sharp({ create: { width: 640, height: 480, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } })
    .png()
    .withExif({ IFD0: { Artist: 'Secret Person' } })
    .toBuffer();
  // 200 x 100 as stored, to be shown turned a quarter (EXIF orientation 6): 100 x 200 upright.
  jpegWithExif = await sharp({ create: { width: 200, height: 100, channels: 3, background: { r: 20, g: 120, b: 220 } } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Secret Person', Copyright: 'Hidden' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
});
afterAll(async () => {
  await t.close();
});

describe('file types and names', () => {
  it('are recognised by their first bytes only', () => {
    expect(detectFileType(png)?.contentType).toBe('image/png');
    expect(detectFileType(jpegWithExif)?.contentType).toBe('image/jpeg');
    expect(detectFileType(PDF)?.contentType).toBe('application/pdf');
    for (const other of [
      Buffer.from('hello'),
      Buffer.from('GIF89a'),
      Buffer.from('<svg/>'),
      Buffer.alloc(0),
      Buffer.from('PK\u0003\u0004'),
    ]) {
      expect(detectFileType(other)).toBeUndefined();
    }
  });

  it('are cleaned: no path, no control characters, the detected type’s extension, at most 200 characters', () => {
    const type = detectFileType(PDF)!;
    expect(cleanFileName('../../etc/passwd', type)).toBe('passwd.pdf');
    expect(cleanFileName('C:\\Users\\me\\Contract "final".PDF', type)).toBe('Contract final.pdf');
    expect(cleanFileName('a\u0000b\u202e\ncd.pdf', type)).toBe('ab cd.pdf');
    expect(cleanFileName('', type)).toBe('file.pdf');
    expect(cleanFileName('...', type)).toBe('file.pdf');
    expect(cleanFileName('scan.png', type)).toBe('scan.png.pdf');
    const long = cleanFileName(`${'x'.repeat(300)}.pdf`, type);
    expect(long).toHaveLength(200);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});

describe('local disk storage', () => {
  it('writes atomically, reads, deletes, and refuses keys that could leave its directory', async () => {
    const root = await mkdtemp(join(tmpdir(), 'amp-storage-'));
    try {
      const storage = new LocalDiskStorage(root);
      await storage.put('org/a.png', Buffer.from('bytes'), 'image/png');
      expect(await readdir(join(root, 'org'))).toEqual(['a.png']);
      const stream = await storage.get('org/a.png');
      const chunks: Buffer[] = [];
      for await (const chunk of stream!) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('bytes');
      expect(await storage.get('org/missing.png')).toBeUndefined();
      await storage.delete('org/a.png');
      await storage.delete('org/a.png');
      expect(await readdir(join(root, 'org'))).toEqual([]);
      for (const key of ['../outside', '/etc/passwd', 'a/../../b', '.hidden', 'a//b', 'a/./b', 'a\\b', '', 'a/b c']) {
        await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/Unsafe storage key/);
        await expect(storage.get(key), key).rejects.toThrow(/Unsafe storage key/);
      }
      expect(await readdir(root)).toEqual(['org']);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('POST /v2/file/upload', () => {
  it('stores a PNG re-encoded without metadata, with a thumbnail, and answers 201 with its location', async () => {
    const res = await upload(png, 'site/photo.png', owner.headers, 'image/png');
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toEqual({
      _id: expect.any(String),
      url: `/v2/file/${data._id}`,
      thumbnailUrl: `/v2/file/${data._id}/thumbnail`,
      name: 'photo.png',
      contentType: 'image/png',
      size: expect.any(Number),
      width: 640,
      height: 480,
      kind: 'image',
    });
    expect(res.headers.location).toBe(`/v2/file/${data._id}`);
    const [row] = await t.db.select().from(files).where(eq(files.id, data._id));
    expect(row).toMatchObject({ organisationId: owner.organisationId, uploadedBy: owner.id, subjectType: null, subjectId: null });
    expect(storedObjects()).toEqual(
      expect.arrayContaining([`${owner.organisationId}/${data._id}.png`, `${owner.organisationId}/${data._id}-thumb.jpg`]),
    );

    const file = await get(data.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe(`inline; filename="photo.png"; filename*=UTF-8''photo.png`);
    expect(file.headers['cache-control']).toBe('no-store');
    expect(Number(file.headers['content-length'])).toBe(data.size);
    const stored = await sharp(file.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'png', width: 640, height: 480 });
    expect(stored.exif).toBeUndefined();

    const thumbnail = await get(data.thumbnailUrl);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });

    const logged = await t.db.select().from(activities).where(eq(activities.subjectId, data._id));
    expect(logged.map((a) => [a.action, describeActivity(a.action, a.params)])).toEqual([['file.uploaded', 'Uploaded the file photo.png']]);
  });

  it('turns a JPEG upright by its EXIF orientation and drops the EXIF data', async () => {
    expect((await sharp(jpegWithExif).metadata()).exif?.toString('latin1')).toContain('Secret Person');
    // The declared type and the name say PDF; the bytes say JPEG, and the bytes win.
    const res = await upload(jpegWithExif, 'scan.pdf', owner.headers, 'application/pdf');
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ name: 'scan.pdf.jpg', contentType: 'image/jpeg', width: 100, height: 200, kind: 'image' });
    const file = await get(data.url);
    const stored = await sharp(file.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 100, height: 200 });
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(file.rawPayload.toString('latin1')).not.toContain('Secret Person');
    const thumbnail = await get(data.thumbnailUrl);
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ width: 100, height: 200 });
  });

  it('stores a PDF as sent; it downloads as an attachment with nosniff, and has no thumbnail', async () => {
    const res = await upload(PDF, 'Service agreement (2026).pdf', owner.headers, 'application/pdf');
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      name: 'Service agreement (2026).pdf',
      contentType: 'application/pdf',
      size: PDF.length,
      width: null,
      height: null,
      thumbnailUrl: null,
      kind: 'document',
    });
    const file = await get(data.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Service agreement (2026).pdf"; filename*=UTF-8''Service%20agreement%20%282026%29.pdf`,
    );
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect((await get(`${data.url}/thumbnail`)).statusCode).toBe(404);
  });

  it('keeps a non-ASCII name and gives the header an ASCII fallback', async () => {
    const id = await uploaded(PDF, 'Vertrag für Lagos.pdf');
    const file = await get(`/v2/file/${id}`);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Vertrag f_r Lagos.pdf"; filename*=UTF-8''Vertrag%20f%C3%BCr%20Lagos.pdf`,
    );
  });

  it('refuses a text file named .png with 415 and writes nothing', async () => {
    const before = await written();
    const res = await upload(Buffer.from('just some text, not an image\n'), 'photo.png', owner.headers, 'image/png');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ statusCode: 415, error: 'Unsupported Media Type', message: 'This type of file is not supported' });
    expect(await written()).toEqual(before);
  });

  it('refuses other types (SVG, GIF) and an image it cannot decode with 415', async () => {
    const before = await written();
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(400, 7)]);
    const truncatedJpeg = jpegWithExif.subarray(0, 200);
    for (const [bytes, name] of [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg'],
      [gif, 'a.gif'],
      [broken, 'broken.png'],
      [truncatedJpeg, 'cut.jpg'],
    ] as const) {
      const res = await upload(bytes, name);
      expect(res.statusCode, name).toBe(415);
    }
    expect(await written()).toEqual(before);
  });

  it('refuses an image over 10 MB and a PDF over 20 MB with 413 and writes nothing', async () => {
    const before = await written();
    const bigImage = Buffer.concat([png.subarray(0, 8), Buffer.alloc(10 * MB + 1)]);
    const res = await upload(bigImage, 'big.png');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is too large');
    const bigPdf = Buffer.concat([PDF, Buffer.alloc(20 * MB)]);
    expect((await upload(bigPdf, 'big.pdf')).statusCode).toBe(413);
    expect(await written()).toEqual(before);
  });

  it('accepts a PDF between the image and the document caps', async () => {
    const id = await uploaded(Buffer.concat([PDF, Buffer.alloc(11 * MB)]), 'large.pdf');
    const [row] = await t.db.select().from(files).where(eq(files.id, id));
    expect(row!.sizeBytes).toBe(PDF.length + 11 * MB);
  });

  it('refuses an image of 20000 x 20000 pixels in a small file with 413 before decoding it', async () => {
    const before = await written();
    const bomb = hugePng();
    expect(bomb.length).toBeLessThan(100_000);
    const res = await upload(bomb, 'bomb.png');
    expect(res.statusCode).toBe(413);
    expect(await written()).toEqual(before);
  });

  it('needs a file in the field `file` (400), a session (401), and removes the stored bytes when the row cannot be written', async () => {
    const before = await written();
    const json = await t.app.inject({ method: 'POST', url: '/v2/file/upload', headers: owner.headers, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors).toEqual([{ path: 'file', message: 'Choose a file to upload' }]);
    expect((await upload(png, 'a.png', owner.headers, 'image/png', 'photo')).statusCode).toBe(400);
    expect((await upload(png, 'a.png', null)).statusCode).toBe(401);
    expect(await written()).toEqual(before);

    const db = t.app.deps.db;
    const failing = Object.create(db) as typeof db;
    failing.transaction = () => Promise.reject(new Error('database is down'));
    t.app.deps.db = failing;
    try {
      expect((await upload(png, 'a.png')).statusCode).toBe(500);
    } finally {
      t.app.deps.db = db;
    }
    expect(await written()).toEqual(before);
  });
});

describe('GET /v2/file/:id', () => {
  it('is 404 for another organisation and for an unknown id, 400 for a malformed one, 401 without a session', async () => {
    const id = await uploaded(png, 'mine.png');
    for (const url of [`/v2/file/${id}`, `/v2/file/${id}/thumbnail`]) {
      const hidden = await get(url, otherOwner.headers);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().message).toBe('The requested file is not found');
      expect((await get(url, mro.headers)).statusCode).toBe(404);
      expect((await get(url, null)).statusCode).toBe(401);
    }
    expect((await get(`/v2/file/${missingId}`)).statusCode).toBe(404);
    const bad = await get('/v2/file/not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'id', message: 'File is not valid' }]);
    // Colleagues in the same organisation see it.
    const colleague = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['viewAsset'] });
    expect((await get(`/v2/file/${id}`, colleague.headers)).statusCode).toBe(200);
  });

  it('lets a provider read the photos of an asset assigned to it (and its technician once dispatched), nobody else', async () => {
    const photo = await uploaded(png, 'pump.png');
    const created = await createAsset({ name: 'Shared pump', photos: [photo] });
    expect(created.statusCode, created.body).toBe(201);
    const assetId = created.json().data._id;
    const url = `/v2/file/${photo}`;
    expect((await get(url, mro.headers)).statusCode).toBe(404);

    const assigned = await t.app.inject({
      method: 'POST',
      url: '/v2/asset/assign',
      headers: owner.headers,
      payload: { providerId: mro.organisationId, assetIds: [assetId] },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect((await get(url, mro.headers)).statusCode).toBe(200);
    expect((await get(`${url}/thumbnail`, mro.headers)).statusCode).toBe(200);
    expect((await get(url, imo.headers)).statusCode).toBe(404);
    expect((await get(url, otherOwner.headers)).statusCode).toBe(404);
    // A technician sees only what is dispatched to them.
    expect((await get(url, tech.headers)).statusCode).toBe(404);
    const dispatched = await t.app.inject({
      method: 'POST',
      url: `/v2/asset/technician/asset/assign/${assetId}`,
      headers: mro.headers,
      payload: { technicianId: tech.id },
    });
    expect(dispatched.statusCode, dispatched.body).toBe(201);
    expect((await get(url, tech.headers)).statusCode).toBe(200);

    const details = await get(`/v2/asset/assigned-asset/details/${assetId}`, mro.headers);
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json().data.photos.map((f: { _id: string }) => f._id)).toEqual([photo]);

    const revoked = await t.app.inject({
      method: 'POST',
      url: '/v2/asset/unassign',
      headers: owner.headers,
      payload: { providerId: mro.organisationId, assetIds: [assetId] },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await get(url, mro.headers)).statusCode).toBe(404);
    expect((await get(url, tech.headers)).statusCode).toBe(404);
  });

  it('lets both parties of an SLA read its file, nobody else', async () => {
    const id = await uploaded(PDF, 'terms.pdf');
    const [sla] = await t.db
      .insert(slas)
      .values({
        organisationId: owner.organisationId,
        providerId: mro.organisationId,
        title: 'Pumps',
        responseHours: 4,
        resolutionHours: 24,
      })
      .returning();
    await write(t.app.deps, null, (tx, fx) => attachFiles(tx, fx, owner.organisationId, { type: 'sla', id: sla!.id }, [id]));
    expect((await filesOf(t.db, { type: 'sla', id: sla!.id })).map((f) => f._id)).toEqual([id]);
    expect((await get(`/v2/file/${id}`, mro.headers)).statusCode).toBe(200);
    expect((await get(`/v2/file/${id}`, imo.headers)).statusCode).toBe(404);
    expect((await get(`/v2/file/${id}`, otherOwner.headers)).statusCode).toBe(404);
  });
});

describe('attaching files to assets', () => {
  it('attaches photos and documents on create, shows them on the asset, replaces them on edit and deletes what was left out', async () => {
    const first = await uploaded(png, 'first.png');
    const second = await uploaded(jpegWithExif, 'second.jpg');
    const manual = await uploaded(PDF, 'manual.pdf');
    const created = await createAsset({ name: 'Documented pump', photos: [first, second], documents: [manual] });
    expect(created.statusCode, created.body).toBe(201);
    const assetId = created.json().data._id;

    const detail = (await get(`/v2/asset/${assetId}`)).json().data;
    expect(detail.photos.map((f: { _id: string }) => f._id)).toEqual([first, second]);
    expect(detail.documents).toEqual([
      {
        _id: manual,
        url: `/v2/file/${manual}`,
        thumbnailUrl: null,
        name: 'manual.pdf',
        contentType: 'application/pdf',
        size: PDF.length,
        width: null,
        height: null,
        kind: 'document',
      },
    ]);

    // An edit without the fields leaves them; a list replaces the current one.
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/v2/asset/${assetId}`,
      headers: owner.headers,
      payload: { name: 'Renamed' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await filesOf(t.db, { type: 'asset', id: assetId })).length).toBe(3);

    const [firstRow] = await t.db.select().from(files).where(eq(files.id, first));
    const third = await uploaded(png, 'third.png');
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/v2/asset/${assetId}`,
      headers: owner.headers,
      payload: { photos: [second, third] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = (await get(`/v2/asset/${assetId}`)).json().data;
    expect(after.photos.map((f: { _id: string }) => f._id)).toEqual([second, third]);
    expect(after.documents.map((f: { _id: string }) => f._id)).toEqual([manual]);
    expect(await t.db.select().from(files).where(eq(files.id, first))).toEqual([]);
    expect((await get(`/v2/file/${first}`)).statusCode).toBe(404);
    // The stored bytes go once the edit is committed.
    await until(() => !storedObjects().includes(firstRow!.storageKey) && !storedObjects().includes(firstRow!.thumbnailKey!));

    const [manualRow] = await t.db.select().from(files).where(eq(files.id, manual));
    const cleared = await t.app.inject({ method: 'PUT', url: `/v2/asset/${assetId}`, headers: owner.headers, payload: { documents: [] } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await filesOf(t.db, { type: 'asset', id: assetId })).map((f) => f._id)).toEqual([second, third]);
    // Wait for the detached PDF's bytes to go, so the next test's snapshot of the storage is stable.
    await until(() => !storedObjects().includes(manualRow!.storageKey));
  });

  it('refuses another organisation’s file, a PDF as a photo, a file of another asset and more than 10, and writes nothing', async () => {
    const theirs = await uploaded(png, 'theirs.png', otherOwner.headers);
    const pdf = await uploaded(PDF, 'doc.pdf');
    const photo = await uploaded(png, 'taken.png');
    const taken = await createAsset({ name: 'Holder', photos: [photo] });
    expect(taken.statusCode, taken.body).toBe(201);
    const mine = await uploaded(png, 'mine.png');

    const before = await written();
    const cases: [object, { path: string; message: string }][] = [
      [{ photos: [theirs] }, { path: 'photos', message: 'Photos is not valid' }],
      [{ photos: [mine, pdf] }, { path: 'photos', message: 'Photos is not valid' }],
      [{ documents: [mine] }, { path: 'documents', message: 'Documents is not valid' }],
      [{ photos: [photo] }, { path: 'photos', message: 'Photos is not valid' }],
      [{ photos: [missingId] }, { path: 'photos', message: 'Photos is not valid' }],
      [{ photos: Array(11).fill(mine) }, { path: 'photos', message: 'Photos can hold at most 10 files' }],
      [{ photos: ['nope'] }, { path: 'photos.0', message: 'Photos is not valid' }],
    ];
    for (const [payload, error] of cases) {
      const res = await createAsset({ name: 'Refused', ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toEqual([error]);
    }
    const assetId = taken.json().data._id;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/v2/asset/${assetId}`,
      headers: owner.headers,
      payload: { name: 'No', photos: [theirs] },
    });
    expect(edit.statusCode).toBe(400);
    expect(await written()).toEqual(before);
    const [row] = await t.db.select().from(assets).where(eq(assets.id, assetId));
    expect(row!.name).toBe('Holder');
    expect((await filesOf(t.db, { type: 'asset', id: assetId })).map((f) => f._id)).toEqual([photo]);
    const [untouched] = await t.db.select().from(files).where(eq(files.id, mine));
    expect(untouched!.subjectId).toBeNull();
  });

  it('keeps an upload the asset edit did not commit', async () => {
    const photo = await uploaded(png, 'keep.png');
    const created = await createAsset({ name: 'Kept', photos: [photo] });
    const assetId = created.json().data._id;
    const [row] = await t.db.select().from(files).where(eq(files.id, photo));
    // Detaching inside a transaction that then fails leaves the row and its bytes.
    await write(t.app.deps, null, async (tx, fx) => {
      await attachFiles(tx, fx, owner.organisationId, { type: 'asset', id: assetId }, [], 'image');
      throw new Error('rolled back');
    }).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await filesOf(t.db, { type: 'asset', id: assetId })).map((f) => f._id)).toEqual([photo]);
    expect(storedObjects()).toContain(row!.storageKey);
    expect((await readFile(join(t.app.deps.config.dataDir, 'files', row!.storageKey))).length).toBe(row!.sizeBytes);
  });
});
