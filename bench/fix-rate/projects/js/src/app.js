import express from 'express';
import { catalog } from './routes/catalog.js';
import accountsModule from './routes/accounts.cjs';
import { files } from './routes/files.js';
import { admin } from './routes/admin.ts';
import { reports } from './routes/reports.ts';
import { sessions } from './session.js';

export function createApp() {
  const app = express();
  app.use(express.json());
  app.use(sessions);
  app.use(catalog);
  app.use(accountsModule.accounts);
  app.use(files);
  app.use(admin);
  app.use(reports);
  return app;
}
