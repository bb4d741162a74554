import type { FastifyInstance } from 'fastify';
import {
  ApprovalActionBody, ApprovalsRequiredResponse, CloseoutBody, CommentBody, CommentResponse, CopyResponse, CreatePermitBody, LastChangedBody,
  LastChangedResponse, PatchContentBody, PatchContentResponse, Permit, PermitApprovals, PermitContent, PermitDefinition, PermitDefinitionQuery,
  PermitIdBody, PermitInstanceQuery, PermitInstanceResponse, PermitReasonBody, RevokeBody, RevokeResponse, TransitionResponse, UpdatePermitInstanceBody,
} from '../../schemas';
import { requireUser } from '../http/authenticate';
import { conflict } from '../http/errors';
import { actOnApproval, addComment, closeOutPermit } from '../permits/approvalActions';
import { getContent, patchContent } from '../permits/content';
import { copyPermit, createPermit, updatePermitInstance } from '../permits/instances';
import { approvalsRequired, getDefinition, getPermitInstance, getPermitStatus, lastChanged } from '../permits/queries';
import { everyMinute } from '../db/everyMinute';
import { runPermitTimeouts } from '../permits/timeout';
import { rejectPermit, revokePermits, submitPermit } from '../permits/transitions';
import type { RouteDeps } from './deps';

/**
 * Permits (SPEC §7): each route checks the token (every /api route does), then the service checks
 * the ability at the permit's location, its state and approval groups (domain/permits) before it
 * writes, in one transaction with its audit row.
 */
export async function permitRoutes(api: FastifyInstance, { db }: RouteDeps) {
  everyMinute(api, 'permit timeouts', () => runPermitTimeouts(db, new Date()));
  await api.register(async (app) => {
    // JSON Patch documents may come with their own media type (RFC 6902), as a bare list of operations.
    app.addContentTypeParser('application/json-patch+json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

    app.get<{ Querystring: PermitInstanceQuery }>('/permitinstance', { schema: { querystring: PermitInstanceQuery, response: { 200: Permit } } }, (request) =>
      getPermitInstance(db, requireUser(request), request.query.PermitInstanceId),
    );
    app.put<{ Body: UpdatePermitInstanceBody }>('/permitinstance', { schema: { body: UpdatePermitInstanceBody, response: { 200: Permit } } }, (request) =>
      updatePermitInstance(db, requireUser(request), request.body),
    );

    app.get<{ Querystring: PermitInstanceQuery }>('/permitcontent', { schema: { querystring: PermitInstanceQuery, response: { 200: PermitContent } } }, (request) =>
      getContent(db, requireUser(request), request.query.PermitInstanceId),
    );
    app.patch<{ Querystring: PermitInstanceQuery; Body: PatchContentBody }>(
      '/permitcontent',
      {
        preValidation: async (request) => {
          if (Array.isArray(request.body)) request.body = { ops: request.body };
        },
        schema: { querystring: PermitInstanceQuery, body: PatchContentBody, response: { 200: PatchContentResponse } },
      },
      async (request) => {
        const { refusal, ...saved } = await db.transaction((tx) => patchContent(tx, requireUser(request), request.query.PermitInstanceId, request.body));
        // Refused after the transaction: what could be saved is, and the editor learns what was set back.
        if (refusal) throw conflict(refusal);
        return saved;
      },
    );

    app.post<{ Body: CreatePermitBody }>('/permitcontentofdef', { schema: { body: CreatePermitBody, response: { 200: PermitInstanceResponse, 201: PermitInstanceResponse } } }, async (request, reply) => {
      const { created, permit } = await createPermit(db, requireUser(request), request.body, new Date());
      return reply.code(created ? 201 : 200).send({ PermitInstance: permit });
    });

    app.post<{ Body: PermitIdBody }>('/permitinstance/submit', { schema: { body: PermitIdBody, response: { 200: TransitionResponse } } }, (request) =>
      db.transaction((tx) => submitPermit(tx, requireUser(request), request.body.PermitInstanceId, new Date())),
    );
    app.post<{ Body: ApprovalActionBody }>('/permitinstance/approval', { schema: { body: ApprovalActionBody, response: { 200: TransitionResponse } } }, (request) =>
      db.transaction((tx) => actOnApproval(tx, requireUser(request), request.body, new Date())),
    );
    app.post<{ Body: CommentBody }>('/permitinstance/comment', { schema: { body: CommentBody, response: { 201: CommentResponse } } }, async (request, reply) =>
      reply.code(201).send(await db.transaction((tx) => addComment(tx, requireUser(request), request.body.PermitInstanceId, request.body.Comment, new Date()))),
    );
    app.post<{ Body: CloseoutBody }>('/permitinstance/closeout', { schema: { body: CloseoutBody, response: { 200: TransitionResponse } } }, (request) =>
      db.transaction((tx) => closeOutPermit(tx, requireUser(request), request.body.PermitInstanceId, request.body.Action, request.body.Comment, new Date())),
    );
    app.post<{ Body: PermitIdBody }>('/permitinstance/copy', { schema: { body: PermitIdBody, response: { 201: CopyResponse } } }, async (request, reply) =>
      reply.code(201).send(await copyPermit(db, requireUser(request), request.body.PermitInstanceId, new Date())),
    );
    app.post<{ Body: PermitReasonBody }>('/permitinstance/reject', { schema: { body: PermitReasonBody, response: { 200: TransitionResponse } } }, (request) =>
      db.transaction((tx) => rejectPermit(tx, requireUser(request), request.body.PermitInstanceId, request.body.reason, new Date())),
    );
    app.post<{ Body: RevokeBody }>('/permitinstance/revoke', { schema: { body: RevokeBody, response: { 200: RevokeResponse } } }, async (request) => ({
      PermitInstanceList: await revokePermits(db, requireUser(request), request.body.PermitInstanceIds, request.body.reason, new Date()),
    }));

    app.post<{ Body: LastChangedBody }>('/lastchanged/instance', { schema: { body: LastChangedBody, response: { 200: LastChangedResponse } } }, (request) =>
      lastChanged(db, requireUser(request), request.body.PermitInstanceIds),
    );
    app.get<{ Querystring: PermitInstanceQuery }>('/permitinstancestatus', { schema: { querystring: PermitInstanceQuery, response: { 200: PermitApprovals } } }, (request) =>
      getPermitStatus(db, requireUser(request), request.query.PermitInstanceId),
    );
    app.get<{ Querystring: PermitDefinitionQuery }>('/permitdefbyid', { schema: { querystring: PermitDefinitionQuery, response: { 200: PermitDefinition } } }, (request) =>
      getDefinition(db, requireUser(request), request.query.PermitDefinitionId),
    );
    app.get('/me/approvalsrequired', { schema: { response: { 200: ApprovalsRequiredResponse } } }, (request) => approvalsRequired(db, requireUser(request)));
  });
}
