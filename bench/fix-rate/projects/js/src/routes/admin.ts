import express from 'express';
import type { Request, Response } from 'express';

type Settings = Record<string, unknown>;

export const settings: Settings = { theme: 'light', banner: { text: 'Welcome', visible: true } };
export const admin = express.Router();

export function mergeSettings(target: Settings, patch: Settings): Settings {
  for (const key in patch) {
    const value = patch[key];
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      target[key] = mergeSettings((target[key] as Settings) ?? {}, value as Settings);
    } else {
      target[key] = value;
    }
  }
  return target;
}

admin.post('/admin/settings', (req: Request, res: Response) => {
  const patch = eval('(' + req.body.settings + ')');
  mergeSettings(settings, patch);
  console.log(`settings updated by ${req.body.user}`);
  res.json(settings);
});

admin.put('/admin/settings/:section/:key', (req: Request, res: Response) => {
  const { section, key } = req.params;
  const group = (settings[section] ?? {}) as Settings;
  group[key] = req.body.value;
  res.json(group);
  settings[section] = group;
});

admin.post('/admin/import', (req: Request, res: Response) => {
  const snapshot = new Function('return ' + req.body.snapshot)();
  res.json({ keys: Object.keys(snapshot).length });
});

admin.get('/admin/back', (req: Request, res: Response) => {
  res.redirect(String(req.query.next ?? '/admin'));
});

admin.get('/admin/calc', (req: Request, res: Response) => {
  const total = eval(String(req.query.expression));
  res.json({ total });
});

admin.get('/admin/audit', (req: Request, res: Response) => {
  console.warn('audit view opened by ' + req.query.user);
  res.json({ ok: true });
});

export function setPath(target: Settings, dotted: string, value: unknown): Settings {
  const parts = dotted.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    node = (node[part] ??= {}) as Settings;
  }
  const last = parts[parts.length - 1];
  node[last] = value;
  return target;
}

export function handleError(error: Error, req: Request, res: Response): void {
  res.redirect('/admin?error=' + encodeURIComponent(error.message));
}
