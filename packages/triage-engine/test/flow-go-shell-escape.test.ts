import { describe, expect, it } from 'vitest';
import { flowAt } from './build.js';

// Go's usual shell-escape helper (docconv, CVE-2022-4643): a package pattern compiled in `init`,
// a value holding none of its unsafe characters passed as is, any other one put in single quotes
// with its own quotes written `'"'"'`. Near misses: a quote escape the shell does not honour, a
// pattern variable set again elsewhere.
const escaper = (replace: string, extra: string[] = []) => [
  'package docconv',
  '',
  'import (',
  '\t"fmt"',
  '\t"net/http"',
  '\t"os/exec"',
  '\t"regexp"',
  '\t"strings"',
  ')',
  '',
  'func PDFHasImage(w http.ResponseWriter, r *http.Request) {',
  '\tpath := r.URL.Query().Get("path")',
  '\tcmd := "pdffonts -l 5 %s | tail -n +3 | cut -d\' \' -f1 | sort | uniq"',
  '\tout, _ := exec.Command("bash", "-c", fmt.Sprintf(cmd, shellEscape(path))).CombinedOutput()',
  '\tw.Write(out)',
  '}',
  '',
  'var shellEscapePattern *regexp.Regexp',
  '',
  'func init() {',
  '\tshellEscapePattern = regexp.MustCompile(`[^\\w@%+=:,./-]`)',
  '}',
  ...extra,
  '',
  'func shellEscape(s string) string {',
  '\tif len(s) == 0 {',
  '\t\treturn "\'\'"',
  '\t}',
  '\tif shellEscapePattern.MatchString(s) {',
  `\t\treturn "'" + ${replace} + "'"`,
  '\t}',
  '\treturn s',
  '}',
];
const at = (lines: string[]) => flowAt('command-injection', lines, 'exec.Command(', 'pdf_ocr.go');

describe('a Go shell escape with a pattern compiled in init', () => {
  it('when the helper single-quotes any value its pattern finds unsafe, then the request value reaches bash -c escaped', () => {
    for (const replace of [
      'strings.Replace(s, "\'", "\'\\"\'\\"\'", -1)',
      'strings.ReplaceAll(s, "\'", `\'"\'"\'`)',
    ]) {
      const r = at(escaper(replace));
      expect(r.outcome, replace).toBe('no-source');
      expect(r.sanitized, replace).toBe(true);
    }
  });

  it('when the quotes are escaped with a backslash (which single quotes do not honour), or only the first is replaced, then the escape is not a sanitizer', () => {
    for (const replace of [
      'strings.Replace(s, "\'", "\\\\\'", -1)',
      'strings.Replace(s, "\'", "\'\\"\'\\"\'", 1)',
    ])
      expect(at(escaper(replace)).outcome, replace).not.toBe('no-source');
  });

  it('when the pattern is set again outside init, then its check is not read', () => {
    const r = at(
      escaper('strings.ReplaceAll(s, "\'", `\'"\'"\'`)', [
        '',
        'func Loosen() {',
        '\tshellEscapePattern = regexp.MustCompile(`[;]`)',
        '}',
      ]),
    );
    expect(r.outcome).not.toBe('no-source');
  });
});
