import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { startTestServer, type TestServer } from './harness';
import { createPermit, post, signInCast, type Cast } from './permitFactories';
import { base64, samplePdf } from './files/sampleFiles';

const S3_PORT = Number(process.env.TEST_S3_PORT ?? 8231);

/** The server configured by the README's S3_* variables, against a real S3 API server (s3rver) on disk. */
describe('attachments in an S3-compatible store', () => {
  let s3: S3rver;
  let folder: string;
  let server: TestServer;
  let as: Cast;
  const env = {
    S3_BUCKET: 'openpermit-files', S3_ENDPOINT: `http://127.0.0.1:${S3_PORT}`, S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_PREFIX: 'site-a/',
  };
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'openpermit-s3-'));
    s3 = new S3rver({ port: S3_PORT, address: '127.0.0.1', silent: true, directory: folder, configureBuckets: [{ name: env.S3_BUCKET, configs: [] }] });
    await s3.run();
    server = await startTestServer('pglite', { s3: loadConfig(env).s3 }, { permits: true });
    as = await signInCast(server);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await s3?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('puts the file in the bucket under the prefix, serves it by the signed link, and deletes it from the bucket', async () => {
    const permit = await createPermit(server, as.contractor);
    const pdf = await samplePdf('Isolation sketch');
    const id = randomUUID();
    const added = await post(server, as.contractor, '/permitattachment', { PermitInstanceId: permit, PermitAttachmentId: id, FileName: 'sketch.pdf', MimeType: 'application/pdf', Content: base64(pdf) });
    expect(added.statusCode, added.body).toBe(201);
    const key = added.json().AttachmentKey as string;

    // Read back with a separate S3 client: the object is really in the bucket, with its type.
    const client = new S3Client({ region: 'us-east-1', endpoint: env.S3_ENDPOINT, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const object = await client.send(new GetObjectCommand({ Bucket: env.S3_BUCKET, Key: `site-a/${key}` }));
    expect(object.ContentType).toBe('application/pdf');
    expect(await object.Body!.transformToByteArray()).toEqual(pdf);

    const url = (await server.request({ method: 'GET', url: `/api/permitattachment/url?PermitInstanceId=${permit}&PermitAttachmentId=${id}`, token: as.viewer })).json().Url;
    const opened = await server.request({ method: 'GET', url });
    expect(new Uint8Array(opened.rawPayload)).toEqual(pdf);

    const deleted = await server.request({ method: 'DELETE', url: `/api/permitattachment?PermitInstanceId=${permit}&PermitAttachmentId=${id}`, token: as.contractor });
    expect(deleted.statusCode).toBe(204);
    await expect(client.send(new GetObjectCommand({ Bucket: env.S3_BUCKET, Key: `site-a/${key}` }))).rejects.toMatchObject({ name: 'NoSuchKey' });
    client.destroy();
  });
});
