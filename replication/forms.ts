/**
 * Typed calls of the form builder and publishing (SPEC §7 Templates and forms). Online only: the
 * builder works on the server's project, and a publish is a server act (DESIGN.md §4.8); what it
 * publishes reaches every device through the definitions sync.
 */
import type { BuilderForm, PermitDefinition, PermitDefinitionList, SaveFormBody } from '../schemas';
import { api } from './http';

const id = (formId: string) => encodeURIComponent(formId);

/** GET /formio/forms: the forms and resources of the sites where the user may view forms. */
export const listForms = () => api<BuilderForm[]>('GET', '/formio/forms');

/** PUT /formio/forms/{formId}: saves what the builder made of a form or resource. */
export const saveForm = (formId: string, body: SaveFormBody) => api<BuilderForm>('PUT', `/formio/forms/${id(formId)}`, body);

/** PUT /formio/publish/{formId}: a new definition version from the form and its resources. */
export const publishForm = (formId: string) => api<PermitDefinition>('PUT', `/formio/publish/${id(formId)}`);

/** GET /permitdefinitions: every definition version the user may see. */
export const listDefinitions = () => api<PermitDefinitionList>('GET', '/permitdefinitions');

/** PATCH /definition/{id}/metadata: rebuilds a definition's metadata from its forms. */
export const rebuildMetadata = (definitionId: string) => api<PermitDefinition>('PATCH', `/definition/${encodeURIComponent(definitionId)}/metadata`);
