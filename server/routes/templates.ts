import type { FastifyInstance } from 'fastify';
import {
  CopyTemplateBody, CreateTemplateBody, PatchTemplateBody, Template, TemplateActionBody, TemplateCommentBody, TemplateParams,
  TemplateSearchBody, TemplateSearchResponse,
} from '../../schemas';
import { requireUser } from '../http/authenticate';
import { actOnTemplate, copyTemplate, createTemplate, deleteTemplate, patchTemplate } from '../templates/commands';
import { searchTemplates } from '../templates/search';
import type { RouteDeps } from './deps';

const DECISIONS = ['review', 'approve', 'reject', 'discontinue'] as const;

/**
 * Templates (SPEC §7) with their review workflow (SPEC §4): the token on every route, then the
 * service checks forms.view / forms.edit at the template's location and its state
 * (domain/templates/workflow.ts) before it writes, in one transaction with its audit row.
 */
export async function templateRoutes(api: FastifyInstance, { db }: RouteDeps) {
  await api.register(async (app) => {
    // Copy and the workflow actions may come without a body (the comment is optional).
    app.addHook('preValidation', async (request) => {
      if (request.method === 'POST' && request.body === undefined && /\/templates\/[^/]+\/\w+$/.test(request.url)) request.body = {};
    });

    app.post<{ Body: TemplateSearchBody }>('/templates/search', { schema: { body: TemplateSearchBody, response: { 200: TemplateSearchResponse } } }, (request) =>
      searchTemplates(db, requireUser(request), request.body),
    );
    app.post<{ Body: CreateTemplateBody }>('/templates', { schema: { body: CreateTemplateBody, response: { 200: Template, 201: Template } } }, async (request, reply) => {
      const { created, template } = await createTemplate(db, requireUser(request), request.body);
      return reply.code(created ? 201 : 200).send(template);
    });
    app.patch<{ Params: TemplateParams; Body: PatchTemplateBody }>('/templates/:id', { schema: { params: TemplateParams, body: PatchTemplateBody, response: { 200: Template } } }, (request) =>
      patchTemplate(db, requireUser(request), request.params.id, request.body),
    );
    app.delete<{ Params: TemplateParams }>('/templates/:id', { schema: { params: TemplateParams } }, async (request, reply) => {
      await deleteTemplate(db, requireUser(request), request.params.id);
      return reply.code(204).send();
    });
    app.post<{ Params: TemplateParams; Body: CopyTemplateBody }>('/templates/:id/copy', { schema: { params: TemplateParams, body: CopyTemplateBody, response: { 200: Template, 201: Template } } }, async (request, reply) => {
      const { created, template } = await copyTemplate(db, requireUser(request), request.params.id, request.body.PermitTemplateId);
      return reply.code(created ? 201 : 200).send(template);
    });
    app.post<{ Params: TemplateParams; Body: TemplateCommentBody }>('/templates/:id/comment', { schema: { params: TemplateParams, body: TemplateCommentBody, response: { 200: Template } } }, (request) =>
      actOnTemplate(db, requireUser(request), request.params.id, 'comment', request.body.Comment, new Date()),
    );
    for (const action of DECISIONS) {
      app.post<{ Params: TemplateParams; Body: TemplateActionBody }>(`/templates/:id/${action}`, { schema: { params: TemplateParams, body: TemplateActionBody, response: { 200: Template } } }, (request) =>
        actOnTemplate(db, requireUser(request), request.params.id, action, request.body.Comment, new Date()),
      );
    }
  });
}
