import type { Template } from '../../schemas';
import type { Queryable } from '../db/database';
import { notFound } from '../http/errors';
import type { UserRecord } from '../users/users';

export interface TemplateRow {
  permit_template_id: string;
  name: string;
  form_key: string;
  content: string;
  type: Template['Type'];
  site_id: number;
  location_id: number | null;
  state: Template['State'];
  approved_on: string | null;
  approved_by: Template['ApprovedBy'];
  created_by: Template['CreatedBy'];
  comments: Template['Comments'];
  date_changed: string;
}

/** The columns a Template document is made of, timestamps as the sync sends them (microseconds, a string). */
export const TEMPLATE_COLUMNS = `permit_template_id, name, form_key, content, type, site_id, location_id, state,
  sync_text(approved_on) as approved_on, approved_by, created_by, comments, sync_text(date_changed) as date_changed`;

export const presentTemplate = (r: TemplateRow): Template => ({
  PermitTemplateId: r.permit_template_id,
  Name: r.name,
  FormKey: r.form_key,
  ContentJSON: r.content,
  Type: r.type,
  SiteId: r.site_id,
  LocationId: r.location_id,
  State: r.state,
  ApprovedOn: r.approved_on,
  ApprovedBy: r.approved_by,
  CreatedBy: r.created_by,
  Comments: r.comments,
  DateChanged: r.date_changed,
});

/** A template that is not deleted, locked for a change when `lock`; 404 otherwise. */
export async function loadTemplate(db: Queryable, id: string, lock = false): Promise<Template> {
  const [row] = await db.query<TemplateRow>(
    `select ${TEMPLATE_COLUMNS} from templates where permit_template_id = $1 and not deleted${lock ? ' for update' : ''}`,
    [id],
  );
  if (!row) throw notFound(`There is no template with id ${id}. It may have been deleted; refresh the list.`);
  return presentTemplate(row);
}

/** How a template names a person (SPEC §3 CreatedBy, ApprovedBy). */
export const templatePerson = (user: UserRecord) => ({
  PersonnelId: user.personnel_id,
  FirstName: user.first_name,
  LastName: user.last_name,
  EmailAddress: user.email,
});
