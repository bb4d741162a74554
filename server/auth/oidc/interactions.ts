import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import { messages } from '../../../domain/messages';
import type { Queryable } from '../../db/database';
import { signInEmployee } from './accounts';
import { errorPage, PAGE_SECURITY_HEADERS, signInPage } from './pages';

const FORM = 'application/x-www-form-urlencoded';
const EXPIRED = 'This sign-in page has expired or was opened in another browser. Go back to OpenPermit and sign in again.';

type UidRequest = FastifyRequest<{ Params: { uid: string } }>;

interface InteractionDeps {
  db: Queryable;
  provider: Provider;
  mountPath: string;
  publicUrl: string;
}

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) if (!reply.getHeader(name)) reply.header(name, value);
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

const field = (body: unknown, name: string): string => {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
};

/**
 * The provider's interaction pages: the employees' sign-in form. Consent is never asked (our
 * one client is first party, see loadExistingGrant). The interaction cookie is SameSite=Lax, so
 * a form posted from another site finds no interaction and changes nothing.
 */
export async function registerInteractionRoutes(app: FastifyInstance, deps: InteractionDeps): Promise<void> {
  const { db, provider, mountPath, publicUrl } = deps;
  const loginAction = (uid: string) => `${mountPath}/interaction/${encodeURIComponent(uid)}/login`;

  /** The interaction this browser is in, or undefined after answering with an error page. */
  async function interactionOf(request: UidRequest, reply: FastifyReply): Promise<Interaction | undefined> {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      if (interaction.uid === request.params.uid) return interaction;
    } catch (error) {
      request.log.info({ err: error }, 'sign-in interaction not found');
    }
    sendPage(reply, 400, errorPage({ message: EXPIRED, homeUrl: publicUrl }));
    return undefined;
  }

  await app.register(async (scope) => {
    // Only these routes read HTML form posts; the rest of the app keeps its own parsers.
    if (scope.hasContentTypeParser(FORM)) scope.removeContentTypeParser(FORM);
    scope.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    scope.get(`${mountPath}/interaction/:uid`, { config: { public: true } }, async (request: UidRequest, reply) => {
      const interaction = await interactionOf(request, reply);
      if (!interaction) return reply;
      if (interaction.prompt.name !== 'login') {
        // Nothing else should ever be asked of a person here; refuse rather than loop.
        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { error: 'access_denied', error_description: `${interaction.prompt.name} is not supported` },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(returnTo, 303);
      }
      const hint = interaction.params.login_hint;
      return sendPage(reply, 200, signInPage({ action: loginAction(interaction.uid), email: typeof hint === 'string' ? hint : '' }));
    });

    scope.post(`${mountPath}/interaction/:uid/login`, { config: { public: true } }, async (request: UidRequest, reply) => {
      const interaction = await interactionOf(request, reply);
      if (!interaction) return reply;
      const email = field(request.body, 'email');
      const result = await signInEmployee(db, email, field(request.body, 'password'), request.ip);
      if (result.outcome !== 'ok') {
        const throttled = result.outcome === 'throttled';
        const error = throttled ? messages.signIn.tooManyAttempts : messages.signIn.incorrect;
        return sendPage(reply, throttled ? 429 : 401, signInPage({ action: loginAction(interaction.uid), email, error }));
      }
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: result.accountId, amr: ['pwd'] } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(returnTo, 303);
    });
  });
}
