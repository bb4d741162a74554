import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Template } from '../../schemas';
import type { TestServer } from './harness';

/** An employee with forms.view and forms.edit (84, 83) at Bayport only, besides the demo cast. */
export async function addFormsEditor(server: TestServer, email = 'editor@demo.test'): Promise<string> {
  const permissions = [84, 83, 82].map((PermissionTypeId) => ({ PermissionTypeId, Locations: [100] }));
  await server.db.query(
    `insert into users (email, kind, first_name, last_name, site_id, permissions, preferences)
     values ($1, 'employee', 'Erin', 'Lopez', 1, $2, '{"HomeLocationId": 100}')`,
    [email, JSON.stringify(permissions)],
  );
  return server.employeeToken(email);
}

export const templateBody = (overrides: Record<string, unknown> = {}) => ({
  PermitTemplateId: randomUUID(),
  Name: 'Weld pipe support',
  FormKey: 'HotWork',
  ContentJSON: JSON.stringify({ HotWork: { jobDescription: 'Weld pipe support', fireWatchMinutes: 60 } }),
  Type: 'permit',
  SiteId: 1,
  LocationId: 100,
  ...overrides,
});

export const call = (server: TestServer, token: string, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  server.request({ method, url: `/api${url}`, token, ...(payload === undefined ? {} : { payload }) });

/** POST /templates; fails the test unless created. */
export async function newTemplate(server: TestServer, token: string, overrides: Record<string, unknown> = {}): Promise<Template> {
  const response = await call(server, token, 'POST', '/templates', templateBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Template>();
}

/** A template brought to `state` through the workflow by `token`. */
export async function templateIn(server: TestServer, token: string, state: Template['State'], overrides: Record<string, unknown> = {}): Promise<Template> {
  const template = await newTemplate(server, token, overrides);
  const path: [string, string?][] = { DRAFT: [], REVIEW: [['review']], APPROVED: [['review'], ['approve']], DISCONTINUED: [['review'], ['approve'], ['discontinue', 'Superseded']] }[state] as [string, string?][];
  let latest = template;
  for (const [action, comment] of path) {
    const response = await call(server, token, 'POST', `/templates/${template.PermitTemplateId}/${action}`, comment ? { Comment: comment } : undefined);
    expect(response.statusCode, response.body).toBe(200);
    latest = response.json<Template>();
  }
  expect(latest.State).toBe(state);
  return latest;
}

export async function findTemplates(server: TestServer, token: string, query: object) {
  const response = await call(server, token, 'POST', '/templates/search', query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ hits: { total: { value: number }; hits: { _id: string; _source: Template }[] } }>().hits;
}
