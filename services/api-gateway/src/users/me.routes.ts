import { AccountError, setPassword } from '@remediation/accounts';
import { ChangePasswordBody, Me } from '@remediation/contracts';
import type { Db } from '@remediation/db';
import { verifyPassword } from '@remediation/security';
import { AppError, validationFailed } from '../http/app-error.js';
import { defineRoute, type RouteDef } from '../http/route.js';
import { sessionOf } from '../sessions/session-context.js';
import { revokeOtherSessions } from '../sessions/session.repository.js';
import { describeCaller } from './me.js';

export const meRoutes = (db: Db): RouteDef[] => [
  defineRoute({
    method: 'get',
    path: '/me',
    operationId: 'getMe',
    summary: 'Who the caller is: the signed-in person (with the CSRF token) or the API token',
    tag: 'Account',
    access: 'repository',
    success: { status: 200, description: 'The caller', schema: Me },
    errors: [],
    handle: async ({ auth }) => ({ status: 200, body: await describeCaller(db, auth) }),
  }),
  defineRoute({
    method: 'post',
    path: '/me/password',
    operationId: 'changePassword',
    summary: "Change the signed-in person's password; their other sessions end",
    tag: 'Account',
    access: 'organization',
    body: { kind: 'json', schema: ChangePasswordBody, required: true },
    success: { status: 200, description: 'The caller, password changed', schema: Me },
    errors: ['validation_failed', 'forbidden', 'unsupported_media_type', 'payload_too_large'],
    handle: async ({ auth, body }) => {
      const session = sessionOf(auth);
      if (!session) throw new AppError('forbidden', 'only a signed-in person has a password');
      const user = await db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', session.userId)
        .executeTakeFirstOrThrow();
      if (!user.password_hash || !(await verifyPassword(body.current_password, user.password_hash)))
        throw validationFailed('current password is incorrect', [
          { path: '/current_password', message: 'is incorrect' },
        ]);
      if (body.new_password === body.current_password)
        throw validationFailed('choose a different password', [
          { path: '/new_password', message: 'must differ from the current password' },
        ]);
      try {
        await setPassword(db, session.userId, body.new_password);
      } catch (err) {
        if (err instanceof AccountError)
          throw validationFailed(err.message, [{ path: err.field ?? '', message: err.message }]);
        throw err;
      }
      await revokeOtherSessions(db, session.userId, session.sessionId);
      const me = await describeCaller(db, {
        ...auth,
        session: { ...session, passwordChangeRequired: false },
      } as typeof auth);
      return { status: 200, body: me };
    },
  }),
];
