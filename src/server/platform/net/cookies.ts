// The cookies the server sets for itself: the sessions of owners, app users, admins and blog
// admins, and the device id of the sign-in limits. All alike: HttpOnly (no script reads them),
// SameSite=Lax, Secure when the browser came over https (directly or through a trusted proxy),
// on every path, so that setting and clearing one always name the same cookie.
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Sets the cookie `name` for `maxAge` seconds. */
export function setPrivateCookie(request: FastifyRequest, reply: FastifyReply, name: string, value: string, maxAge: number): void {
  reply.setCookie(name, value, { httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', path: '/', maxAge });
}

/** Ends the cookie `name` (a sign-out). */
export function clearPrivateCookie(reply: FastifyReply, name: string): void {
  reply.clearCookie(name, { path: '/' });
}
