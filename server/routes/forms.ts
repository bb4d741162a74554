import type { FastifyInstance } from 'fastify';
import { BuilderForm, BuilderFormList, DefinitionParams, FormParams, PermitDefinition, PermitDefinitionList, SaveFormBody } from '../../schemas';
import { requireUser } from '../http/authenticate';
import { importDefinitions } from '../forms/project';
import { loadLocationTree } from '../locations/locations';
import { listDefinitions, listForms, publishForm, rebuildMetadata, saveForm } from '../forms/service';
import type { RouteDeps } from './deps';

/**
 * The form builder and publishing (SPEC §7 Templates and forms): online-only administration
 * (DESIGN.md §4.8). Every route checks forms.view or forms.edit where the form belongs.
 */
export async function formRoutes(api: FastifyInstance, { db, objects }: RouteDeps) {
  // The builder's project from the definitions in use, once at start: reading the list then writes nothing.
  await db.transaction(async (tx) => importDefinitions(tx, await loadLocationTree(tx)));
  api.get('/formio/forms', { schema: { response: { 200: BuilderFormList } } }, (request) => listForms(db, requireUser(request)));
  api.put<{ Params: FormParams; Body: SaveFormBody }>('/formio/forms/:formId', { schema: { params: FormParams, body: SaveFormBody, response: { 200: BuilderForm } } }, (request) =>
    saveForm(db, requireUser(request), request.params.formId, request.body),
  );
  api.put<{ Params: FormParams }>('/formio/publish/:formId', { schema: { params: FormParams, response: { 200: PermitDefinition } } }, (request) =>
    publishForm(db, objects, requireUser(request), request.params.formId, new Date()),
  );
  api.get('/permitdefinitions', { schema: { response: { 200: PermitDefinitionList } } }, async (request) => ({ PermitDefinitionList: await listDefinitions(db, requireUser(request)) }));
  api.patch<{ Params: DefinitionParams }>('/definition/:definitionId/metadata', { schema: { params: DefinitionParams, response: { 200: PermitDefinition } } }, (request) =>
    rebuildMetadata(db, requireUser(request), request.params.definitionId),
  );
}
