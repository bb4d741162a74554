import { describe, expect, it } from 'vitest';
import { isValidRegistrationPassword, passwordProblems } from '../../domain/passwords';

describe('registration password (SPEC §5)', () => {
  it.each([
    ['ab1!cd', true],
    ['Demo#2026', true],
    ['a1!a1!a1!a1!a1!a', true],
    ['a1!a1!a1!a1!a1!ab', false],
    ['a1!ab', false],
    ['abcdef!', false],
    ['abcdef1', false],
    ['abc1!d e', false],
    ['abc1!d~', false],
    ['', false],
  ])('%s → %s', (password, valid) => {
    expect(isValidRegistrationPassword(password)).toBe(valid);
  });

  it('says what is missing', () => {
    expect(passwordProblems('abcdef')).toEqual(['at least one digit', 'at least one of ! @ # $ % ^ & *']);
  });
});
