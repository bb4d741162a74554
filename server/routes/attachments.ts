import type { FastifyInstance } from 'fastify';
import {
  AttachmentFileQuery, AttachmentListQuery, AttachmentQuery, AttachmentUrlResponse, CreateAttachmentBody, CreateAttachmentResponse,
  MAX_ATTACHMENT_BODY_BYTES, PermitAttachmentList,
} from '../../schemas';
import type Type from 'typebox';
import { addAttachment, attachmentByKey, attachmentUrl, deleteAttachment, listAttachments } from '../attachments/attachments';
import { signingKey, verifyObjectUrl } from '../attachments/signedUrl';
import { requireUser } from '../http/authenticate';
import { forbidden, notFound } from '../http/errors';
import type { RouteDeps } from './deps';

/** Attachments of a permit (SPEC §7): list, add (the file inline), delete, and opening one by a signed link. */
export async function attachmentRoutes(app: FastifyInstance, { db, objects }: RouteDeps) {
  await signingKey(db);
  app.get<{ Querystring: Type.Static<typeof AttachmentListQuery> }>(
    '/permitattachment',
    { schema: { querystring: AttachmentListQuery, response: { 200: PermitAttachmentList } } },
    async (request) => ({ PermitAttachmentList: await listAttachments(db, requireUser(request), request.query.PermitInstanceId) }),
  );

  app.post<{ Body: CreateAttachmentBody }>(
    '/permitattachment',
    { bodyLimit: MAX_ATTACHMENT_BODY_BYTES, schema: { body: CreateAttachmentBody, response: { 200: CreateAttachmentResponse, 201: CreateAttachmentResponse } } },
    async (request, reply) => {
      const { created, attachment } = await addAttachment(db, objects, requireUser(request), request.body);
      return reply.code(created ? 201 : 200).send({ AttachmentKey: attachment.AttachmentKey, PermitAttachment: attachment });
    },
  );

  app.delete<{ Querystring: AttachmentQuery }>('/permitattachment', { schema: { querystring: AttachmentQuery } }, async (request, reply) => {
    await deleteAttachment(db, objects, requireUser(request), request.query.PermitInstanceId, request.query.PermitAttachmentId);
    return reply.code(204).send();
  });

  app.get<{ Querystring: AttachmentQuery }>('/permitattachment/url', { schema: { querystring: AttachmentQuery, response: { 200: AttachmentUrlResponse } } }, (request) =>
    attachmentUrl(db, requireUser(request), request.query.PermitInstanceId, request.query.PermitAttachmentId, new Date()),
  );

  // Opened in a new tab, which carries no bearer token: the signature (made after the view check) is the permission.
  app.get<{ Querystring: AttachmentFileQuery }>('/permitattachment/file', { config: { public: true }, schema: { querystring: AttachmentFileQuery } }, async (request, reply) => {
    const { key, expires, sig } = request.query;
    const verdict = await verifyObjectUrl(db, key, expires, sig, new Date());
    if (verdict === 'invalid') throw forbidden('This link to an attachment is not valid. Open the attachment again from the permit.');
    if (verdict === 'expired') throw forbidden('This link to an attachment has expired. Open the attachment again from the permit.');
    const record = await attachmentByKey(db, key);
    const file = record && (await objects.get(key));
    if (!record || !file) throw notFound('This attachment has been deleted from the permit.');
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(record.fileName)}`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(file.body));
  });
}
