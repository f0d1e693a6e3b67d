import { describe, expect, it } from 'vitest';
import {
  addPackageJsonDependency,
  addPomDependency,
  addPyprojectDependency,
  addRequirement,
  manifestCandidates,
} from '../src/index.js';

describe('package.json', () => {
  it('when the dependency is missing, then it is added in place with the file indentation and CRLF', () => {
    const src =
      '{\r\n    "name": "x",\r\n    "dependencies": {\r\n        "a": "^1.0.0"\r\n    }\r\n}\r\n';
    expect(addPackageJsonDependency(src, 'he', '^1.2.0')).toBe(
      '{\r\n    "name": "x",\r\n    "dependencies": {\r\n        "a": "^1.0.0",\r\n        "he": "^1.2.0"\r\n    }\r\n}\r\n',
    );
  });

  it('when there is no dependencies object, then one is created', () => {
    expect(addPackageJsonDependency('{\n  "name": "x"\n}\n', 'he', '^1.2.0')).toBe(
      '{\n  "name": "x",\n  "dependencies": {\n    "he": "^1.2.0"\n  }\n}\n',
    );
  });

  it('when the package is already a dev dependency, or the file is not JSON, then nothing changes', () => {
    const dev = '{ "devDependencies": { "he": "1" } }';
    expect(addPackageJsonDependency(dev, 'he', '^1.2.0')).toBe(dev);
    expect(addPackageJsonDependency('{ nope', 'he', '1')).toBe('{ nope');
  });
});

describe('requirements.txt and pyproject.toml', () => {
  it('when the distribution is missing, then a line is added keeping the final newline convention', () => {
    expect(addRequirement('flask==3.0\n', 'defusedxml>=0.7')).toBe('flask==3.0\ndefusedxml>=0.7\n');
    expect(addRequirement('flask==3.0', 'defusedxml>=0.7')).toBe('flask==3.0\ndefusedxml>=0.7');
  });

  it('when the distribution is listed under another spelling, then nothing changes', () => {
    const src = 'PyYAML==6.0  # config\n';
    expect(addRequirement(src, 'pyyaml>=6')).toBe(src);
  });

  it('when [project] dependencies is a multi-line array, then an entry is added in its style', () => {
    const src = '[project]\nname = "x"\ndependencies = [\n    "flask>=3",\n]\n\n[tool.black]\n';
    expect(addPyprojectDependency(src, 'defusedxml>=0.7')).toBe(
      '[project]\nname = "x"\ndependencies = [\n    "flask>=3",\n    "defusedxml>=0.7",\n]\n\n[tool.black]\n',
    );
  });

  it('when the array is on one line, then the entry is appended to it; when absent, nothing changes', () => {
    expect(addPyprojectDependency('[project]\ndependencies = ["a"]\n', 'b')).toBe(
      '[project]\ndependencies = ["a", "b"]\n',
    );
    const poetry = '[tool.poetry.dependencies]\npython = "^3.11"\n';
    expect(addPyprojectDependency(poetry, 'b')).toBe(poetry);
  });
});

describe('pom.xml', () => {
  const dep = { groupId: 'org.owasp.encoder', artifactId: 'encoder', version: '1.3.1' };

  it('when the project has dependencies, then the new one goes in the project list, not the managed one', () => {
    const src = [
      '<project>',
      '  <dependencyManagement>',
      '    <dependencies>',
      '    </dependencies>',
      '  </dependencyManagement>',
      '  <dependencies>',
      '    <dependency>',
      '      <groupId>a</groupId>',
      '      <artifactId>b</artifactId>',
      '    </dependency>',
      '  </dependencies>',
      '</project>',
      '',
    ].join('\n');
    const out = addPomDependency(src, dep);
    expect(out.split('\n').slice(9, 16)).toEqual([
      '    </dependency>',
      '    <dependency>',
      '      <groupId>org.owasp.encoder</groupId>',
      '      <artifactId>encoder</artifactId>',
      '      <version>1.3.1</version>',
      '    </dependency>',
      '  </dependencies>',
    ]);
    expect(addPomDependency(out, dep)).toBe(out);
  });

  it('when the project has no dependencies, then a dependencies block is created', () => {
    expect(
      addPomDependency('<project>\n  <modelVersion>4.0.0</modelVersion>\n</project>\n', dep),
    ).toBe(
      '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <dependencies>\n    <dependency>\n      <groupId>org.owasp.encoder</groupId>\n      <artifactId>encoder</artifactId>\n      <version>1.3.1</version>\n    </dependency>\n  </dependencies>\n</project>\n',
    );
  });
});

describe('manifestCandidates', () => {
  it('when asked for a nested Python file, then every ancestor directory is listed nearest first', () => {
    expect(manifestCandidates('svc/app/x.py', 'python')).toEqual([
      'svc/app/requirements.txt',
      'svc/requirements.txt',
      'requirements.txt',
      'svc/app/pyproject.toml',
      'svc/pyproject.toml',
      'pyproject.toml',
    ]);
  });
});
