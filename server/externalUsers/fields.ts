import { Compile } from 'typebox/compile';
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { EditableUser, type Permission, type UserPatch } from '../../schemas';
import { PermissionTypes } from '../../schemas/user';
import { grantRefusal } from '../../domain/externalUsers';
import { messages } from '../../domain/messages';
import { badRequest } from '../http/errors';
import { validationMessage } from '../http/validationMessages';
import { granteeOf } from '../users/users';
import type { Administrator } from './access';

const OPTIONAL_TEXT = ['StreetAddress', 'L', 'State', 'PostalCode', 'Country', 'AccessExpiresDate'];
const LOCATION_LISTS = ['CanEdit', 'CanPrint'];
const EDITABLE = Object.keys(EditableUser.properties);
const checkEditable = Compile(EditableUser);

/**
 * Tidies the user form's fields the way a person means them: text trimmed (the email too,
 * SPEC §5), a blank optional field left out, a location listed once. Anything else is left for
 * validation to judge.
 */
export function normalizeUserFields(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const fields: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(body)) {
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (OPTIONAL_TEXT.includes(key) && (value === '' || value === null)) continue;
    fields[key] = LOCATION_LISTS.includes(key) && Array.isArray(value) ? [...new Set(value)] : value;
  }
  return fields;
}

/**
 * Applies JSON Patch operations (add, replace, remove; RFC 6902) to the user's editable fields
 * and validates the result with the schema the invitation uses. Removing an optional field
 * clears it; removing CanEdit or CanPrint clears the list.
 */
export function applyUserPatch(current: EditableUser, operations: UserPatch): EditableUser {
  const next: Record<string, unknown> = { ...current };
  for (const { op, path, value } of operations) {
    const field = path.slice(1);
    if (!path.startsWith('/') || !EDITABLE.includes(field)) {
      throw badRequest(`${messages.users.invalidDetails}: ${path} is not a field that can be changed.`);
    }
    if (op === 'remove') {
      if (LOCATION_LISTS.includes(field)) next[field] = [];
      else if (OPTIONAL_TEXT.includes(field)) delete next[field];
      else throw badRequest(`${messages.users.invalidDetails}: ${field} is required and cannot be removed.`);
    } else if (value === undefined) {
      throw badRequest(`${messages.users.invalidDetails}: the ${op} operation on ${path} needs a value.`);
    } else {
      next[field] = value;
    }
  }
  const normalized = normalizeUserFields(next);
  if (!checkEditable.Check(normalized)) {
    const errors = [...checkEditable.Errors(normalized)] as unknown as FastifySchemaValidationError[];
    throw badRequest(validationMessage(errors, 'body'));
  }
  return normalized;
}

/**
 * Refuses (400, naming the location) a location the administrator may not grant (SPEC §6).
 * Only new grants are checked: what another administrator granted earlier may stay.
 */
export function checkGrants(admin: Administrator, siteId: number, locations: readonly number[], granted: readonly number[] = []): void {
  for (const id of locations) {
    if (granted.includes(id)) continue;
    const refusal = grantRefusal(granteeOf(admin.user), admin.tree, siteId, id);
    if (refusal) throw badRequest(refusal);
  }
}

/** The stored permissions with edit (85) and print (87) set to the form's lists; view (82) kept. */
export function withGrants(permissions: readonly Permission[], canEdit: number[], canPrint: number[]): Permission[] {
  const kept = permissions.filter((p) => p.PermissionTypeId !== PermissionTypes.permitsEdit && p.PermissionTypeId !== PermissionTypes.permitsPrint);
  const grants: Permission[] = [
    { PermissionTypeId: PermissionTypes.permitsEdit, Locations: canEdit },
    { PermissionTypeId: PermissionTypes.permitsPrint, Locations: canPrint },
  ];
  return [...kept, ...grants.filter((g) => g.Locations.length > 0)];
}
