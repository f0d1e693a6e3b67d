import { describe, expect, it } from 'vitest';
import { reconstructFlow } from '../src/flow/index.js';

const at = (text: string, marker: string) =>
  text.split('\n').findIndex((l) => l.includes(marker)) + 1;

const flow = (text: string, cls: string, marker = '// sink') =>
  reconstructFlow({
    uri: 'internal/web/handlers.go',
    text,
    line: at(text, marker),
    endLine: null,
    cls,
  });

// Go the way gofmt writes it: tabs, grouped imports, (value, err) returns, multi-line calls.
const handler = (body: string[]) =>
  [
    'package web',
    '',
    'import (',
    '\t"database/sql"',
    '\t"fmt"',
    '\t"net/http"',
    '\t"os/exec"',
    '\t"strconv"',
    ')',
    '',
    'const defaultSort = "name"',
    '',
    'type Server struct {',
    '\tdb *sql.DB',
    '}',
    '',
    'func (s *Server) Items(w http.ResponseWriter, r *http.Request) {',
    ...body.map((l) => `\t${l}`),
    '}',
  ].join('\n');

describe('flow reconstruction: Go', () => {
  it('a query parameter through fmt.Sprintf reaches the query; an overwrite kills it', () => {
    const body = [
      'sort := r.URL.Query().Get("sort")',
      'query := fmt.Sprintf("SELECT id FROM items ORDER BY %s", sort)',
      'rows, err := s.db.Query( // sink',
      '\tquery,',
      ')',
      'if err != nil {',
      '\thttp.Error(w, err.Error(), 500)',
      '\treturn',
      '}',
      'defer rows.Close()',
    ];
    expect(flow(handler(body), 'sql-injection')!.outcome).toBe('input');
    const killed = [...body];
    killed.splice(1, 0, 'sort = defaultSort');
    const r = flow(handler(killed), 'sql-injection')!;
    expect(r.outcome).toBe('no-source');
    expect(r.path.some((s) => s.kind === 'kill')).toBe(true);
  });

  it('strconv.Atoi and a map entry with a constant key; a switch on a constant', () => {
    const body = [
      'id, err := strconv.Atoi(r.FormValue("id"))',
      'if err != nil {',
      '\treturn',
      '}',
      'names := map[string]string{"input": r.FormValue("n"), "fixed": "report"}',
      'mode := "b"',
      'name := names["input"]',
      'switch mode {',
      'case "a":',
      '\tname = names["input"]',
      'case "b", "c":',
      '\tname = names["fixed"]',
      '}',
      'out, _ := exec.Command("report", strconv.Itoa(id), name).Output() // sink',
      'w.Write(out)',
    ];
    expect(flow(handler(body), 'command-injection')!.outcome).toBe('no-source');
    const live = body.map((l) => l.replace('mode := "b"', 'mode := r.FormValue("m")'));
    expect(flow(handler(live), 'command-injection')!.outcome).toBe('input');
  });

  it('a range over a constant slice carries no input; a helper of another file stays undecided', () => {
    const body = [
      'for _, table := range []string{"items", "orders"} {',
      '\ts.db.Exec("VACUUM " + table) // sink',
      '}',
    ];
    expect(flow(handler(body), 'sql-injection')!.outcome).toBe('no-source');
    const helper = [
      'package web',
      '',
      'func purge(db *sql.DB, table string) error {',
      '\t_, err := db.Exec("DELETE FROM " + table) // sink',
      '\treturn err',
      '}',
    ].join('\n');
    expect(flow(helper, 'sql-injection')!.outcome).toBe('undecided');
  });

  it('guards: a constant map as allow-list, strings.HasPrefix under a fixed base for paths', () => {
    const allow = [
      'column := r.URL.Query().Get("sort")',
      'if !sortColumns[column] {',
      '\thttp.Error(w, "bad sort", http.StatusBadRequest)',
      '\treturn',
      '}',
      's.db.Query("SELECT * FROM items ORDER BY " + column) // sink',
    ];
    const src = `${handler(allow)}\n\nvar sortColumns = map[string]bool{"name": true, "price": true}\n`;
    expect(flow(src, 'sql-injection')!.outcome).toBe('no-source');
    expect(flow(src.replace('\treturn\n', '\n'), 'sql-injection')!.outcome).toBe('input');
    const contained = [
      'target := filepath.Clean(filepath.Join(root, r.URL.Query().Get("path")))',
      'if !strings.HasPrefix(target, root+string(os.PathSeparator)) {',
      '\thttp.Error(w, "forbidden", http.StatusForbidden)',
      '\treturn',
      '}',
      'data, _ := os.ReadFile(target) // sink',
      'w.Write(data)',
    ];
    const files = handler(contained).replace(
      'const defaultSort = "name"',
      'const root = "/srv/manuals"',
    );
    expect(flow(files, 'path-traversal')!.outcome).toBe('no-source');
    expect(flow(files, 'sql-injection')).not.toBeNull();
  });
});
