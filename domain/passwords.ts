import { REGISTRATION_PASSWORD_MAX, REGISTRATION_PASSWORD_MIN } from './constants';

const ALLOWED = /^[A-Za-z0-9!@#$%^&*]+$/;
const SYMBOL = /[!@#$%^&*]/;
const DIGIT = /[0-9]/;

/** The registration password rule of SPEC §5; returns what is still missing, empty when valid. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < REGISTRATION_PASSWORD_MIN || password.length > REGISTRATION_PASSWORD_MAX) {
    problems.push(`${REGISTRATION_PASSWORD_MIN} to ${REGISTRATION_PASSWORD_MAX} characters`);
  }
  if (password.length > 0 && !ALLOWED.test(password)) problems.push('only letters, digits and ! @ # $ % ^ & *');
  if (!DIGIT.test(password)) problems.push('at least one digit');
  if (!SYMBOL.test(password)) problems.push('at least one of ! @ # $ % ^ & *');
  return problems;
}

export const isValidRegistrationPassword = (password: string): boolean => passwordProblems(password).length === 0;
