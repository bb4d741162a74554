import type { FastifyInstance } from 'fastify';
import { Draft, DraftList, DraftParams, SaveDraftBody } from '../../schemas';
import { requireUser } from '../http/authenticate';
import { deleteDraft, getDraft, listDrafts, saveDraft } from '../permits/drafts';
import type { RouteDeps } from './deps';

/** Drafts (SPEC §7): each user's own; the maintenance job deletes them after 7 days (server/sync/purge.ts). */
export async function draftRoutes(app: FastifyInstance, { db }: RouteDeps) {
  app.get('/permits/draft', { schema: { response: { 200: DraftList } } }, async (request) => ({ DraftList: await listDrafts(db, requireUser(request)) }));
  app.get<{ Params: DraftParams }>('/permits/draft/:id', { schema: { params: DraftParams, response: { 200: Draft } } }, (request) =>
    getDraft(db, requireUser(request), request.params.id),
  );
  app.post<{ Params: DraftParams; Body: SaveDraftBody }>('/permits/draft/:id', { schema: { params: DraftParams, body: SaveDraftBody, response: { 200: Draft } } }, (request) =>
    saveDraft(db, requireUser(request), request.params.id, request.body, new Date()),
  );
  app.delete<{ Params: DraftParams }>('/permits/draft/:id', { schema: { params: DraftParams } }, async (request, reply) => {
    await deleteDraft(db, requireUser(request), request.params.id);
    return reply.code(204).send();
  });
}
