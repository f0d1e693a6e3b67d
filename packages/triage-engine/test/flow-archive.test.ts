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

// The check in a function of the file the archive is handed to: a validator run before the
// extraction (a class's private methods, one level more for each member), or the members filter.
const validated = (opts: { call?: string; loopBreak?: boolean; perMember?: string } = {}) => [
  'import os',
  'import tarfile',
  '',
  '',
  'class OSUtils:',
  '    def extract_tarfile(self, tarfile_path: str, unpack_dir: str) -> None:',
  "        with tarfile.open(tarfile_path, 'r:*') as tar:",
  ...(opts.call === undefined ? ['            self._validate_safe_extract(tar, unpack_dir)'] : []),
  ...(opts.call ? [opts.call] : []),
  '            tar.extractall(unpack_dir)',
  '',
  '    def _validate_safe_extract(',
  '        self,',
  '        tar: tarfile.TarFile,',
  '        unpack_dir: str',
  '    ) -> None:',
  '        for member in tar:',
  ...(opts.loopBreak ? ['            if member.isdir():', '                break'] : []),
  '            self._validate_single_tar_member(member, unpack_dir)',
  '',
  '    def _validate_single_tar_member(self, member: tarfile.TarInfo, unpack_dir: str) -> None:',
  '        name = member.name',
  '        dest_path = os.path.realpath(unpack_dir)',
  '        target_path = os.path.realpath(os.path.join(dest_path, name))',
  ...(opts.perMember
    ? [opts.perMember]
    : ['        if os.path.commonpath([target_path, dest_path]) != dest_path:']),
  '            raise RuntimeError(f"Tar member outside destination dir: {target_path}")',
];

describe('archive extraction: the members checked by a function of the file', () => {
  it('when a validator method handed the archive raises on a member outside the folder before the extraction, then it is sanitized', () => {
    const r = at(validated());
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(
      /self\._validate_safe_extract\(tar, unpack_dir\) \(checks the archive\) \| tar: every member \| os\.path\.commonpath/,
    );
  });

  it('when the validator is called only in a branch, its loop can stop early, its check only logs, or the name is bound to another archive after it, then it is not sanitized', () => {
    const cases = [
      validated({
        call: '            if os.environ.get("STRICT"):\n                self._validate_safe_extract(tar, unpack_dir)',
      }),
      validated({ loopBreak: true }),
      validated({
        perMember:
          '        if os.path.commonpath([target_path, dest_path]) != dest_path:\n            print("outside")\n        if False:',
      }),
      validated({
        call: '            self._validate_safe_extract(tar, unpack_dir)\n            tar = tarfile.open(unpack_dir + ".other")',
      }),
    ];
    for (const lines of cases)
      expect(at(lines.join('\n').split('\n')).outcome).not.toBe('no-source');
  });

  it('when the members passed are those a filter function of the file let through, raising on any outside the folder (tabs), then it is sanitized', () => {
    const r = at([
      'import os',
      'import tarfile',
      '',
      'def _tar_members_filter(tar: tarfile.TarFile, base: str) -> list:',
      '\tresult = []',
      '\tfor member in tar:',
      '\t\tmember_path = os.path.join(base, member.name)',
      '\t\tabs_base = os.path.abspath(base)',
      '\t\tabs_member = os.path.abspath(member_path)',
      '\t\tif not abs_member.startswith(abs_base + os.sep):',
      '\t\t\traise RuntimeError(f"The tarball member {member_path} contains a traversal")',
      '\t\tresult.append(member)',
      '\treturn result',
      '',
      'def _extract_model_safe(model_tar_path, local_dir):',
      '\twith tarfile.open(model_tar_path) as model_with_data_zipped:',
      '\t\tmodel_with_data_zipped.extractall(',
      '\t\t\tpath=local_dir,',
      '\t\t\tmembers=_tar_members_filter(',
      '\t\t\t\tmodel_with_data_zipped, local_dir',
      '\t\t\t),',
      '\t\t)',
    ]);
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(
      /_tar_members_filter\( \(checks the archive\) \| tar: every member/,
    );
  });

  it('when the filter function is handed another archive than the one extracted, then it is not sanitized', () => {
    const r = at([
      'import os',
      'import tarfile',
      '',
      'def only_inside(tar, base):',
      '    for member in tar.getmembers():',
      '        if not os.path.abspath(os.path.join(base, member.name)).startswith(os.path.abspath(base)):',
      '            raise ValueError(member.name)',
      '    return tar.getmembers()',
      '',
      'def unpack(a, b, dest):',
      '    with tarfile.open(a) as first, tarfile.open(b) as second:',
      '        first.extractall(dest, members=only_inside(second, dest))',
    ]);
    expect(r.outcome).not.toBe('no-source');
  });
});

// The member list bound to a name first (`names = f.namelist()`), then looped over (gdown's style).
describe('archive extraction: the member list held in a variable', () => {
  const zip = (binding: string[]) => [
    'import os',
    'import os.path as osp',
    'import zipfile',
    '',
    'def _is_within_directory(directory, target):',
    '    abs_directory = osp.realpath(directory)',
    '    abs_target = osp.realpath(target)',
    '    return abs_target.startswith(abs_directory + os.sep) or abs_target == abs_directory',
    '',
    'def _extractall_zip(path, to, other):',
    '    with zipfile.ZipFile(path, "r") as f:',
    ...binding,
    '        for member in names:',
    '            member_path = osp.join(to, member)',
    '            if not _is_within_directory(to, member_path):',
    '                raise ValueError("Archive member %r would extract outside %s" % (member, to))',
    '        f.extractall(path=to)',
    '    return [osp.join(to, name) for name in names]',
  ];

  it('when the names listed once from the archive are each checked before the extraction, then it is sanitized', () => {
    const r = at(zip(['        names = f.namelist()']));
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/names: every member \| not _is_within_directory/);
  });

  it('when the names come from another archive or the name is bound twice, then it is not sanitized', () => {
    for (const binding of [
      ['        names = zipfile.ZipFile(other).namelist()'],
      [
        '        names = f.namelist()',
        '        names = [n for n in names if n.endswith(".json")] or ["../x"]',
      ],
    ])
      expect(at(zip(binding)).outcome).not.toBe('no-source');
  });
});
