import session from 'express-session';

export const sessions = session({
  secret: process.env.SESSION_SECRET ?? 'development-only-secret',
  resave: false,
  saveUninitialized: false,
  cookie: { maxAge: 8 * 3600 * 1000, secure: false },
});

export const adminSessions = session({
  name: 'admin.sid',
  secret: process.env.ADMIN_SESSION_SECRET ?? 'development-only-admin-secret',
  resave: false,
  saveUninitialized: false,
  cookie: { httpOnly: false, secure: true, sameSite: 'strict' },
});

export const previewSessions = session({ secret: process.env.PREVIEW_SECRET ?? 'preview', resave: false, saveUninitialized: true });
