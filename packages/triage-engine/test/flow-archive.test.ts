import { describe, expect, it } from 'vitest';
import { flowAt, pathText } from './build.js';

// Python archive extraction: a member's name decides where it lands. Each safe form (every member
// checked before, the tar data filter) sits beside near misses: a check of something else, a
// check that only logs, a check after the extraction, a loop over another archive.
const at = (lines: string[], marker = '.extractall(') =>
  flowAt('path-traversal', lines, marker, 'pkg/datasets/download.py');

// The helper of the CVE-2007-4559 fixes, as projects received it.
const safeExtract = (check = '        if not is_within_directory(path, member_path):') => [
  'import os',
  'import tarfile',
  '',
  '',
  'def is_within_directory(directory, target):',
  '    abs_directory = os.path.abspath(directory)',
  '    abs_target = os.path.abspath(target)',
  '    prefix = os.path.commonprefix([abs_directory, abs_target])',
  '    return prefix == abs_directory',
  '',
  '',
  'def safe_extract(tar, path=".", members=None, *, numeric_owner=False):',
  '    for member in tar.getmembers():',
  '        member_path = os.path.join(path, member.name)',
  check,
  '            raise Exception("Attempted Path Traversal in Tar File")',
  '    tar.extractall(path, members, numeric_owner=numeric_owner)',
];

describe('archive extraction: the members decide', () => {
  it('when every member is checked to stay under the destination and one outside raises, then the extraction is sanitized', () => {
    const r = at(safeExtract());
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
    expect(pathText(r)).toMatch(/tar\.getmembers\(\): every member \| not is_within_directory/);
  });

  it('when a zip archive’s entries are refused on an absolute name or "..", then it is sanitized too (tabs, zipfile)', () => {
    const r = at(
      [
        'import zipfile',
        '',
        'def unpack(archive, dest):',
        '\twith zipfile.ZipFile(archive) as zf:',
        '\t\tfor info in zf.infolist():',
        "\t\t\tif info.filename.startswith('/') or '..' in info.filename.split('/'):",
        "\t\t\t\traise ValueError('unsafe entry: %s' % info.filename)",
        '\t\tzf.extractall(dest)',
      ],
      'zf.extractall(dest)',
    );
    expect(r.outcome).toBe('no-source');
  });

  it("when the tar data filter is on (filter='data'), then it is sanitized", () => {
    const r = at([
      'import tarfile',
      '',
      'def unpack(archive, dest):',
      '    with tarfile.open(archive) as tar:',
      "        tar.extractall(dest, filter='data')",
    ]);
    expect(r.outcome).toBe('no-source');
    expect(r.reason).toMatch(/'data' extraction filter/);
  });

  it('when nothing checks the members, the loop checks their size or only logs, or the check comes after, then it is not sanitized', () => {
    const bare = [
      'import tarfile',
      '',
      'def unpack(archive, dest):',
      '    with tarfile.open(archive) as tar:',
      '        tar.extractall(dest)',
    ];
    expect(at(bare).outcome).not.toBe('no-source');
    const size = safeExtract('        if member.size > 2**30:');
    expect(at(size).outcome).not.toBe('no-source');
    const logs = safeExtract('        if not is_within_directory(path, member_path):').map((l) =>
      l.includes('raise Exception') ? '            print("outside", member_path)' : l,
    );
    expect(at(logs).outcome).not.toBe('no-source');
    const after = [
      'import os',
      '',
      'def unpack(tar, dest):',
      '    tar.extractall(dest)',
      '    for member in tar.getmembers():',
      '        if os.path.isabs(member.name) or ".." in member.name:',
      '            raise ValueError(member.name)',
    ];
    expect(at(after).outcome).not.toBe('no-source');
  });

  it('when the loop checks another archive than the one extracted, then it is not sanitized', () => {
    const other = safeExtract().map((l) =>
      l === '    for member in tar.getmembers():' ? '    for member in base.getmembers():' : l,
    );
    expect(at(other).outcome).not.toBe('no-source');
  });
});
