import { describe, expect, it } from 'vitest';
import { flowAt, pathText } from './build.js';

// A Java file object built only to be compared with its base opens nothing (aws-java-sdk-s3
// 1.12.261's leavesRoot). Near misses: the canonical path compared as a string (a sibling
// sharing the base's name passes), a path not made canonical (`/base/../etc` starts with
// `/base` component by component), the object also opened, the variable reassigned.

const transferManager = (check: string[]) => [
  'package com.amazonaws.services.s3.transfer;',
  '',
  'import java.io.File;',
  'import java.io.IOException;',
  'import java.nio.file.Path;',
  '',
  'public class TransferManager {',
  '',
  '    private boolean leavesRoot(File localBaseDirectory, String key) {',
  '        try {',
  ...check,
  '        } catch (IOException e) {',
  '            throw new RuntimeException("Unable to canonicalize paths",  e);',
  '        }',
  '    }',
  '}',
];

describe('a file object only compared with its base', () => {
  it('when the canonical Path is kept in a local and only compared with startsWith, then no file is opened with it', () => {
    const r = flowAt(
      'path-traversal',
      transferManager([
        '            Path targetPath = new File(localBaseDirectory, key).getCanonicalFile().toPath(); // sink',
        '            Path rootPath = localBaseDirectory.getCanonicalFile().toPath();',
        '            return !targetPath.startsWith(rootPath);',
      ]),
      '// sink',
      'src/main/java/com/amazonaws/services/s3/transfer/TransferManager.java',
    );
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/targetPath, its canonical Path, is only compared with its base/);
  });

  it('when the comparison is inline, across lines, then the same holds', () => {
    const r = flowAt(
      'path-traversal',
      transferManager([
        '            return !new File(localBaseDirectory, key) // sink',
        '                .getCanonicalFile()',
        '                .toPath()',
        '                .startsWith(localBaseDirectory.toPath().toRealPath());',
      ]),
      '// sink',
      'TransferManager.java',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when the canonical path is compared as a string, or not made canonical, then it is not read as contained', () => {
    for (const check of [
      [
        '            return !new File(localBaseDirectory, key).getCanonicalPath().startsWith( // sink',
        '                localBaseDirectory.getCanonicalPath());',
      ],
      [
        '            Path targetPath = new File(localBaseDirectory, key).toPath(); // sink',
        '            return !targetPath.startsWith(localBaseDirectory.toPath());',
      ],
    ])
      expect(
        flowAt('path-traversal', transferManager(check), '// sink', 'T.java').outcome,
      ).not.toBe('no-source');
  });

  it('when the canonical Path is also opened or reassigned, then the comparison alone does not decide', () => {
    for (const check of [
      [
        '            Path targetPath = new File(localBaseDirectory, key).getCanonicalFile().toPath(); // sink',
        '            java.nio.file.Files.delete(targetPath);',
        '            return !targetPath.startsWith(localBaseDirectory.getCanonicalFile().toPath());',
      ],
      [
        '            Path targetPath = new File(localBaseDirectory, key).getCanonicalFile().toPath(); // sink',
        '            targetPath = new File(key).toPath();',
        '            return !targetPath.startsWith(localBaseDirectory.getCanonicalFile().toPath());',
      ],
    ])
      expect(
        flowAt('path-traversal', transferManager(check), '// sink', 'T.java').outcome,
      ).not.toBe('no-source');
  });
});
