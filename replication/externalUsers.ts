/**
 * Typed calls for administering external users (SPEC §7 Users). Online only: an administrator
 * acts on the server's current record, never on a local copy (DESIGN.md §4.8).
 */
import { USER_LIST_PAGE_SIZE } from '../domain/constants';
import type { ExternalUserView, InviteUserBody, UserList, UserPatch } from '../schemas';
import { api, apiResponse, ApiError } from './http';

/** A user with the ETag of the version fetched: an update must name it (SPEC §5). */
export interface VersionedUser {
  user: ExternalUserView;
  etag: string;
}

const userPath = (idOrEmail: string | number) => `/users/${encodeURIComponent(String(idOrEmail))}`;

/** POST /users: creates the user as PENDING and mails the invitation. */
export const inviteUser = (body: InviteUserBody) => api<ExternalUserView>('POST', '/users', body);

/** GET /users: one page (0-based) of the external users the caller administers. */
export const listUsers = (page: number) =>
  api<UserList>('GET', `/users?Limit=${USER_LIST_PAGE_SIZE}&Page=${page}`);

/** GET /users/{id}, with the ETag a later `updateUser` must send back. */
export async function getUser(id: string | number): Promise<VersionedUser> {
  const { data, headers } = await apiResponse<ExternalUserView>('GET', userPath(id));
  return { user: data, etag: headers.get('etag') ?? '' };
}

/**
 * GET /users/{email}: the external user with this address, if any. SPEC §7 treats any failure
 * as not found; the invitation itself still refuses a taken address (409).
 */
export async function findUserByEmail(email: string): Promise<ExternalUserView | null> {
  try {
    return (await getUser(email)).user;
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

/** PATCH /users/{id}: JSON Patch operations on the version named by `etag` (412 if it changed since). */
export async function updateUser(id: number, etag: string, operations: UserPatch): Promise<VersionedUser> {
  const { data, headers } = await apiResponse<ExternalUserView>('PATCH', userPath(id), operations, {
    headers: { 'If-Match': etag },
  });
  return { user: data, etag: headers.get('etag') ?? '' };
}

/** POST /users/{id}/invite: a new link for a PENDING user; earlier links stop working. */
export const resendInvitation = (id: number) => api<void>('POST', `${userPath(id)}/invite`);

/** DELETE /users/{id}: marks the user deleted and ends their sessions. */
export const deleteUser = (id: number) => api<void>('DELETE', userPath(id));
