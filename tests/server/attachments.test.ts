import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_BYTES } from '../../schemas';
import { DATABASE_KINDS, type TestServer } from './harness';
import { createPermit, post, signInCast, startPermitServer, type Cast } from './permitFactories';
import { base64, sampleExe, samplePdf, samplePng } from './files/sampleFiles';

const attach = (server: TestServer, token: string, permitId: string, fileName: string, bytes: Uint8Array, mimeType = 'application/octet-stream', id = randomUUID()) =>
  post(server, token, '/permitattachment', { PermitInstanceId: permitId, PermitAttachmentId: id, FileName: fileName, MimeType: mimeType, Content: base64(bytes) });

const list = async (server: TestServer, token: string, permitId: string) => {
  const response = await server.request({ method: 'GET', url: `/api/permitattachment?PermitInstanceId=${permitId}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ PermitAttachmentList: { PermitAttachmentId: string; FileName: string; MimeType: string; Size: number; CreatedBy: string }[] }>().PermitAttachmentList;
};

const signedUrl = (server: TestServer, token: string, permitId: string, attachmentId: string) =>
  server.request({ method: 'GET', url: `/api/permitattachment/url?PermitInstanceId=${permitId}&PermitAttachmentId=${attachmentId}`, token });

describe.each(DATABASE_KINDS)('permit attachments on %s', (kind) => {
  let server: TestServer;
  let as: Cast;
  let permit: string;
  beforeAll(async () => {
    server = await startPermitServer(kind);
    as = await signInCast(server);
    // Atmospheric Distillation (111): the contractor edits there, the viewer only views.
    permit = await createPermit(server, as.contractor);
  }, 180_000);
  afterAll(() => server.close());

  it('stores a PDF and a photo with the type read from their content, lists them with who and when, and opens them by a signed link', async () => {
    const pdf = await samplePdf('Signed paper copy');
    const added = await attach(server, as.contractor, permit, 'signed copy.pdf', pdf, 'application/x-whatever');
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().AttachmentKey).toMatch(new RegExp(`^attachments/${permit}/`));
    const photo = await attach(server, as.contractor, permit, 'gas test.png', samplePng(), 'image/png');
    expect(photo.statusCode, photo.body).toBe(201);

    const files = await list(server, as.viewer, permit);
    expect(files.map((f) => [f.FileName, f.MimeType, f.Size, f.CreatedBy])).toEqual([
      ['signed copy.pdf', 'application/pdf', pdf.length, 'Carlos Mendes'],
      ['gas test.png', 'image/png', samplePng().length, 'Carlos Mendes'],
    ]);

    const link = await signedUrl(server, as.viewer, permit, files[0]!.PermitAttachmentId);
    expect(link.statusCode, link.body).toBe(200);
    // No bearer token: a new tab opens the link as it is.
    const opened = await server.request({ method: 'GET', url: link.json().Url });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.headers['content-disposition']).toContain("filename*=UTF-8''signed%20copy.pdf");
    expect(new Uint8Array(opened.rawPayload)).toEqual(pdf);
  });

  it('refuses by content: a program named .pdf, an unknown binary, an empty or oversized file — each with a sentence, storing nothing', async () => {
    const before = (await list(server, as.contractor, permit)).length;
    const renamed = await attach(server, as.contractor, permit, 'permit.pdf', sampleExe(), 'application/pdf');
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toBe('permit.pdf is a EXE file (application/x-msdownload). Attach a PDF, an image, an Office document or a text file.');
    const binary = await attach(server, as.contractor, permit, 'data.bin', new Uint8Array([0, 1, 2, 3, 255, 254, 0, 7]));
    expect(binary.json().message).toBe('data.bin is not a type OpenPermit recognises. Attach a PDF, an image, an Office document or a text file.');
    const big = new Uint8Array(MAX_ATTACHMENT_BYTES + 1).fill(65);
    const oversized = await attach(server, as.contractor, permit, 'huge.txt', big);
    expect(oversized.statusCode).toBe(400);
    expect(oversized.json().message).toBe('huge.txt is 10.0 MB; attachments can be at most 10.0 MB. Reduce the photo\'s size or split the document.');
    expect((await list(server, as.contractor, permit)).length).toBe(before);

    const text = await attach(server, as.contractor, permit, 'notes.csv', new TextEncoder().encode('time,O2,LEL\n08:00,20.9,0\n'), 'text/csv');
    expect(text.statusCode, text.body).toBe(201);
    expect(text.json().PermitAttachment.MimeType).toBe('text/csv');
  });

  it('needs permits.edit to add or delete and permits.view to list or open; a resend of the same id attaches once', async () => {
    const id = randomUUID();
    const viewerAdd = await attach(server, as.viewer, permit, 'a.png', samplePng(), 'image/png', id);
    expect(viewerAdd.statusCode).toBe(403);
    expect(viewerAdd.json().message).toBe('You do not have permission to add or delete attachments at Atmospheric Distillation.');
    expect((await attach(server, as.contractor, permit, 'a.png', samplePng(), 'image/png', id)).statusCode).toBe(201);
    const resent = await attach(server, as.contractor, permit, 'a.png', samplePng(), 'image/png', id);
    expect(resent.statusCode).toBe(200);
    expect((await list(server, as.contractor, permit)).filter((f) => f.PermitAttachmentId === id)).toHaveLength(1);

    const outsider = await server.request({ method: 'GET', url: `/api/permitattachment?PermitInstanceId=${permit}`, token: as.noaccess });
    expect(outsider.statusCode).toBe(404);
    expect((await signedUrl(server, as.noaccess, permit, id)).statusCode).toBe(404);

    const viewerDelete = await server.request({ method: 'DELETE', url: `/api/permitattachment?PermitInstanceId=${permit}&PermitAttachmentId=${id}`, token: as.viewer });
    expect(viewerDelete.statusCode).toBe(403);
    const link = (await signedUrl(server, as.viewer, permit, id)).json().Url as string;
    const deleted = await server.request({ method: 'DELETE', url: `/api/permitattachment?PermitInstanceId=${permit}&PermitAttachmentId=${id}`, token: as.contractor });
    expect(deleted.statusCode).toBe(204);
    expect((await list(server, as.contractor, permit)).some((f) => f.PermitAttachmentId === id)).toBe(false);
    // A link handed out before the delete no longer opens the file.
    const gone = await server.request({ method: 'GET', url: link });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('This attachment has been deleted from the permit.');
    const again = await server.request({ method: 'DELETE', url: `/api/permitattachment?PermitInstanceId=${permit}&PermitAttachmentId=${id}`, token: as.contractor });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a forged or expired link', async () => {
    const added = await attach(server, as.contractor, permit, 'b.png', samplePng(), 'image/png');
    const url = new URL((await signedUrl(server, as.viewer, permit, added.json().PermitAttachment.PermitAttachmentId)).json().Url, 'http://x');
    const otherKey = new URL(url);
    otherKey.searchParams.set('key', `attachments/${permit}/someone-elses`);
    const forged = await server.request({ method: 'GET', url: otherKey.pathname + otherKey.search });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe('This link to an attachment is not valid. Open the attachment again from the permit.');
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await server.request({ method: 'GET', url: later.pathname + later.search })).statusCode).toBe(403);
    const missing = await server.request({ method: 'GET', url: '/api/permitattachment/file?key=x' });
    expect(missing.statusCode).toBe(400);
  });
});
