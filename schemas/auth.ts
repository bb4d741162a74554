import Type from 'typebox';

export const SignInBody = Type.Object(
  {
    EmailAddress: Type.String({ minLength: 1, maxLength: 254, description: 'Email address' }),
    Password: Type.String({ minLength: 1, maxLength: 256, description: 'Password' }),
  },
  { additionalProperties: false },
);
export type SignInBody = Type.Static<typeof SignInBody>;

export const RefreshBody = Type.Object(
  { refreshToken: Type.String({ minLength: 20, maxLength: 200, description: 'Refresh token' }) },
  { additionalProperties: false },
);
export type RefreshBody = Type.Static<typeof RefreshBody>;

/** The contractor's session: a short-lived access token and a rotating refresh token. */
export const TokenResponse = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
  /** Seconds until the access token expires. */
  expiresIn: Type.Integer(),
  EmailAddress: Type.String(),
});
export type TokenResponse = Type.Static<typeof TokenResponse>;
