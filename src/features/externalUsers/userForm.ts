import { accessExpiryProblem } from '../../../domain/externalUsers';
import type { ExternalUserView, InviteUserBody, UserPatch } from '../../../schemas';

/** Country options of SPEC §9, by code, as people read them. */
export const COUNTRIES = [
  { code: 'CAN', name: 'Canada' },
  { code: 'TTO', name: 'Trinidad and Tobago' },
  { code: 'USA', name: 'United States' },
] as const;
type Country = (typeof COUNTRIES)[number]['code'];

/** The user form as typed: every text as entered, '' for an empty optional field. */
export interface UserFormValues {
  EmailAddress: string;
  FirstName: string;
  LastName: string;
  Company: string;
  StreetAddress: string;
  L: string;
  State: string;
  PostalCode: string;
  Country: Country | '';
  AccessExpiresDate: string;
  CanEdit: number[];
  CanPrint: number[];
}

export type TextField = Exclude<keyof UserFormValues, 'CanEdit' | 'CanPrint' | 'Country'>;
const REQUIRED = ['EmailAddress', 'FirstName', 'LastName', 'Company'] as const;
const OPTIONAL = ['StreetAddress', 'L', 'State', 'PostalCode', 'Country', 'AccessExpiresDate'] as const;

export const FIELD_LABELS: Record<TextField, string> = {
  EmailAddress: 'Email address',
  FirstName: 'First name',
  LastName: 'Last name',
  Company: 'Company',
  StreetAddress: 'Street address',
  L: 'City',
  State: 'State',
  PostalCode: 'Postal code',
  AccessExpiresDate: 'Access expires on',
};

export const emptyUserForm = (EmailAddress = ''): UserFormValues => ({
  EmailAddress,
  FirstName: '',
  LastName: '',
  Company: '',
  StreetAddress: '',
  L: '',
  State: '',
  PostalCode: '',
  Country: '',
  AccessExpiresDate: '',
  CanEdit: [],
  CanPrint: [],
});

export function userFormValues(user: ExternalUserView): UserFormValues {
  const optional = Object.fromEntries(OPTIONAL.map((key) => [key, user[key] ?? '']));
  return {
    ...emptyUserForm(user.EmailAddress),
    ...optional,
    FirstName: user.FirstName,
    LastName: user.LastName,
    Company: user.Company,
    CanEdit: [...user.CanEdit],
    CanPrint: [...user.CanPrint],
  };
}

/** Today in the browser's calendar (YYYY-MM-DD): the earliest access expiry a person may pick. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const EMAIL_PROBLEM = 'Enter an email address such as name@company.com';

/** A plausible address: the server has the last word, this only catches the obvious slip. */
export const looksLikeEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());

/** What is wrong with the form, by field (SPEC §5): required fields, and an expiry not before today. */
export function userFormErrors(values: UserFormValues, today: string): Partial<Record<TextField, string>> {
  const errors: Partial<Record<TextField, string>> = {};
  for (const key of REQUIRED) {
    if (values[key].trim() === '') errors[key] = `${FIELD_LABELS[key]} is required`;
  }
  if (!errors.EmailAddress && !looksLikeEmail(values.EmailAddress)) errors.EmailAddress = EMAIL_PROBLEM;
  if (accessExpiryProblem(values.AccessExpiresDate, today)) {
    errors.AccessExpiresDate = 'The access expiry date cannot be before today';
  }
  return errors;
}

/** The optional fields that are filled in, trimmed; empty ones are left out. */
function optionalFields(values: UserFormValues): Partial<Pick<InviteUserBody, (typeof OPTIONAL)[number]>> {
  return Object.fromEntries(OPTIONAL.map((key) => [key, values[key].trim()]).filter(([, value]) => value !== ''));
}

/** POST /users: the address trimmed, at the inviter's home site, active from the start (SPEC §5). */
export function inviteBody(values: UserFormValues, siteId: number): InviteUserBody {
  return {
    EmailAddress: values.EmailAddress.trim(),
    SiteId: siteId,
    ActiveFlag: true,
    FirstName: values.FirstName.trim(),
    LastName: values.LastName.trim(),
    Company: values.Company.trim(),
    ...optionalFields(values),
    CanEdit: values.CanEdit,
    CanPrint: values.CanPrint,
  };
}

const idSet = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b).join(',');

/** JSON Patch operations that turn the fetched user into the form's values; empty when nothing changed. */
export function userPatch(user: ExternalUserView, values: UserFormValues): UserPatch {
  const ops: UserPatch = [];
  for (const key of REQUIRED) {
    const value = values[key].trim();
    if (value !== user[key]) ops.push({ op: 'replace', path: `/${key}`, value });
  }
  const filled = optionalFields(values);
  for (const key of OPTIONAL) {
    const before = user[key] ?? undefined;
    const after = filled[key];
    if (after === before) continue;
    if (after === undefined) ops.push({ op: 'remove', path: `/${key}` });
    else ops.push({ op: before === undefined ? 'add' : 'replace', path: `/${key}`, value: after });
  }
  for (const key of ['CanEdit', 'CanPrint'] as const) {
    if (idSet(user[key]) !== idSet(values[key])) ops.push({ op: 'replace', path: `/${key}`, value: values[key] });
  }
  return ops;
}
