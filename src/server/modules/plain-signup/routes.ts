// /dashboard/signupbackup (issue 18): sign-up as a plain HTML form that posts and redirects, for
// browsers without JavaScript (or whose copy of the web app does not load). The same sign-up as
// POST /api/auth/signup (auth.signup, the same workspace seeding, session cookie and budget of
// failures per IP); the answer is a page, not JSON: 303 to /dashboard/start (the first-run page) on success, the form again
// with the problem (and the name and e-mail kept) otherwise.
import { setSessionCookie } from '../../identity/owner-session';
import type { FastifyReply } from 'fastify';
import { SignupBody } from '../../../shared/api';
import type { ServerContext } from '../../platform/context';
import { HttpError } from '../../errors';
import { linkScheme } from '../../http';
import type { ApiServer } from '../../routing/input';
import { sendVerificationAfterSignup } from '../account/service';
import { IpLimiter, LOGIN_MAX_FAILURES_PER_IP } from '../../platform/limits/limiter';
import { perIp, type RateLimit } from '../../platform/limits/rate-limit';
import * as auth from '../auth/service';
import { setupWorkspace } from '../workspace/service';
import { PLAIN_SIGNUP_ACTION, PLAIN_SIGNUP_PATH, plainSignupHtml, type PlainSignupState } from './page';

/** A form post is a few short fields. */
const FORM_LIMIT = 16 * 1024;

function sendPage(reply: FastifyReply, status: number, state?: PlainSignupState) {
  return reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(plainSignupHtml(state));
}

/** The fields of an urlencoded form as posted (the last value of a repeated field wins), to show them again. */
function formFields(body: unknown): Record<string, string> {
  return body && typeof body === 'object' ? (body as Record<string, string>) : {};
}

export function plainSignupRoutes(app: ApiServer, ctx: ServerContext) {
  app.get(PLAIN_SIGNUP_PATH, async (_request, reply) => sendPage(reply, 200));

  // Its own budget of failures per IP, counted like the JSON sign-up's (a taken address, 409).
  const ipFailures = perIp(new IpLimiter(ctx.counters, 'plain-signup.ipFailures', LOGIN_MAX_FAILURES_PER_IP));
  const limit: RateLimit = {
    check: [ipFailures],
    refusal: (w) => `Too many failed attempts from your network. Please wait ${w} and try again.`,
    slowDown: [ipFailures],
    count: [{ when: { status: 409 }, budgets: [ipFailures] }],
  };

  // Its own plugin scope, so only this route reads urlencoded bodies.
  void app.register(async (scope: ApiServer) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_req, body, done) => {
      const fields: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(String(body))) if (k !== '__proto__') fields[k] = v;
      done(null, fields);
    });
    scope.post(
      PLAIN_SIGNUP_ACTION,
      {
        // The form's fields, parsed like POST /api/auth/signup's JSON (a field the form does not
        // have is refused, on the form).
        schema: { body: SignupBody },
        // A browser's form post answered with a page (303 to the dashboard, or the form again).
        config: { access: 'public', rateLimit: limit, api: { tag: 'Sign-in and account', summary: 'Sign up with a plain HTML form (no JavaScript): redirects to the dashboard', status: 303, produces: ['text/html'] } },
        bodyLimit: FORM_LIMIT,
        // Every refusal (a bad field, a taken address, too many tries, a cross-site post) is the
        // form again with the problem, in the status it has.
        errorHandler: (error, request, reply) => {
          const f = formFields(request.body);
          const known = error instanceof HttpError;
          if (!known) request.log.error({ err: error }, 'plain sign-up failed');
          const first = known ? error.issues?.[0]?.path : undefined;
          const field = first === 'name' || first === 'email' || first === 'password' ? first : error instanceof HttpError && error.status === 409 ? 'email' : undefined;
          const message = known ? error.message : (error as { statusCode?: number }).statusCode === 413 ? 'The form is too large.' : 'Something went wrong. Please try again.';
          const status = known ? error.status : ((error as { statusCode?: number }).statusCode ?? 500);
          const retry = reply.getHeader('retry-after');
          if (retry) reply.header('Retry-After', retry);
          return sendPage(reply, status, { name: f.name?.slice(0, 200), email: f.email?.slice(0, 320), error: message, field });
        },
      },
      async (request, reply) => {
        const { user, session } = await auth.signup(ctx, request.body, setupWorkspace, request.headers['user-agent']);
        await sendVerificationAfterSignup(ctx, user, linkScheme(ctx.config, request));
        setSessionCookie(request, reply, session);
        return reply.redirect('/dashboard/start', 303);
      },
    );
  });
}
