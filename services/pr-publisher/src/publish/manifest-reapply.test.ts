import { describe, expect, it } from 'vitest';
import { reapplyManifest } from './manifest-reapply.js';

describe('reapplyManifest', () => {
  it('when two fixes append different requirements, then the second is declared after the first without a conflict', () => {
    const base = 'flask>=3.0\r\nrequests>=2.31\r\n';
    const ours = `${base}defusedxml>=0.7.1\r\n`;
    expect(reapplyManifest('svc/requirements.txt', base, `${base}PyYAML>=6.0.1\r\n`, ours)).toBe(
      `${ours}PyYAML>=6.0.1\r\n`,
    );
  });

  it('when the head already declares the distribution (another spelling), then the manifest stays as it is', () => {
    const base = 'flask>=3.0\n';
    const ours = `${base}defusedxml==0.7.1\n`;
    expect(reapplyManifest('requirements.txt', base, `${base}defusedxml>=0.7.1\n`, ours)).toBe(
      ours,
    );
  });

  it('when package.json gains a dependency on both sides, then each is declared once', () => {
    const base = '{\n  "name": "app",\n  "dependencies": {\n    "express": "^4.19.2"\n  }\n}\n';
    const withHelmet = base.replace('"^4.19.2"', '"^4.19.2",\n    "helmet": "^7.1.0"');
    const withBoth = reapplyManifest('package.json', base, withHelmet, withHelmet);
    expect(withBoth).toBe(withHelmet);
    const withValidator = base.replace('"^4.19.2"', '"^4.19.2",\n    "validator": "^13.12.0"');
    const merged = reapplyManifest('package.json', base, withValidator, withHelmet)!;
    expect(JSON.parse(merged)).toEqual({
      name: 'app',
      dependencies: { express: '^4.19.2', helmet: '^7.1.0', validator: '^13.12.0' },
    });
  });

  it('when the fix changes a manifest in another way than declaring a dependency, then it is left to the merge', () => {
    const base = 'flask>=3.0\n';
    expect(reapplyManifest('requirements.txt', base, 'flask>=3.1\n', base)).toBeNull();
    expect(
      reapplyManifest('go.mod', 'module x\n', 'module x\nrequire y v1\n', 'module x\n'),
    ).toBeNull();
  });
});
