import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { serve } from './helpers.js';

const { files, UPLOADS } = await import('../src/routes/files.js');

describe('files', () => {
  let app;
  before(async () => {
    fs.mkdirSync(UPLOADS, { recursive: true });
    fs.writeFileSync(path.join(UPLOADS, 'notes.txt'), 'one\ntwo\nthree\n');
    fs.writeFileSync(path.join(UPLOADS, 'old.txt'), 'x');
    app = await serve(files);
  });
  after(async () => {
    await app.close();
    fs.rmSync(path.dirname(UPLOADS), { recursive: true, force: true });
  });

  it('when an upload is downloaded, then its bytes are returned', async () => {
    assert.equal(await (await fetch(`${app.url}/files/notes.txt`)).text(), 'one\ntwo\nthree\n');
  });

  it('when an upload is measured, then its size and line count are returned', async () => {
    assert.deepEqual(await (await fetch(`${app.url}/files/notes.txt/size`)).json(), { size: 14 });
    assert.deepEqual(await (await fetch(`${app.url}/files/notes.txt/lines`)).json(), { lines: 3 });
  });

  it('when a file type is asked, then the MIME type is returned', async () => {
    const body = await (await fetch(`${app.url}/files/x/type?path=${encodeURIComponent(path.join(UPLOADS, 'notes.txt'))}`)).json();
    assert.equal(body.type, 'text/plain');
  });

  it('when an upload is deleted, then it is gone', async () => {
    assert.equal((await fetch(`${app.url}/files/old.txt`, { method: 'DELETE' })).status, 204);
    assert.equal(fs.existsSync(path.join(UPLOADS, 'old.txt')), false);
  });

  it('when the manifest is read, then it is the package manifest', async () => {
    assert.equal((await (await fetch(`${app.url}/manifest`)).json()).name, 'storefront');
  });

  it('when processes are counted, then a number comes back', async () => {
    const body = await (await fetch(`${app.url}/processes?name=node`)).json();
    assert.equal(typeof body.count, 'number');
  });
});
