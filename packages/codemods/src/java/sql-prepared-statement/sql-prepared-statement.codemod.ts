import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { FileEditor } from '../../engine/file-editor.js';
import { ensureJavaImport } from '../../imports/java-imports.js';
import { argsOf, kindOf, receiver } from '../shared/ast.js';
import { insertBefore } from '../shared/statements.js';
import { sqlSites, type SqlData, type SqlPlan } from './statement-sites.js';

/** Removes a statement that sits alone on its lines (the line break after it included). */
const removeStatement = (editor: FileEditor, statement: SgNode): boolean => {
  const { lines, text } = editor.file;
  const first = statement.range().start.line;
  const last = statement.range().end.line;
  const before = text.slice(lines.lineStart(first), statement.range().start.index);
  const after = text.slice(statement.range().end.index, lines.lineEnd(last));
  if (before.trim() !== '' || after.trim() !== '') return false;
  editor.replace({ start: lines.lineStart(first), end: lines.lineStart(last + 1) }, '');
  return true;
};

/** Drops `import java.sql.Statement;` when nothing else in the file names `Statement`. */
const dropStatementImport = (editor: FileEditor, plan: SqlPlan): void => {
  const imports = editor.root
    .children()
    .filter(
      (n) =>
        kindOf(n) === 'import_declaration' && /^import\s+java\.sql\.Statement\s*;/.test(n.text()),
    );
  if (imports.length !== 1 || !plan.type) return;
  const uses = editor.root
    .findAll({
      rule: { any: [{ kind: 'type_identifier' }, { kind: 'identifier' }], regex: '^Statement$' },
    })
    .filter(
      (n) =>
        n.range().start.index >= imports[0]!.range().end.index ||
        n.range().end.index <= imports[0]!.range().start.index,
    )
    .filter((n) => n.range().start.index !== plan.type!.range().start.index);
  if (uses.length > 0) return;
  const { lines } = editor.file;
  const line = imports[0]!.range().start.line;
  editor.replace({ start: lines.lineStart(line), end: lines.lineStart(line + 1) }, '', 'import');
};

/** `remediate:java/sql-prepared-statement`: concatenated JDBC SQL → `PreparedStatement` with `?`. */
export const javaSqlPreparedStatement = defineCodemod<SqlData>({
  id: 'remediate:java/sql-prepared-statement',
  languages: ['java'],
  rules: {
    codeql: ['java/sql-injection', 'java/sql-injection-local', 'java/concatenated-sql-query'],
    semgrep: [
      'java.lang.security.audit.formatted-sql-string.formatted-sql-string',
      'java.lang.security.audit.sqli.jdbc-sqli.jdbc-sqli',
      'java.lang.security.audit.sqli.tainted-sql-from-http-request.tainted-sql-from-http-request',
      'java.lang.security.audit.jdbc-sql-formatted-string.jdbc-sql-formatted-string',
    ],
    spotbugs: ['SQL_INJECTION_JDBC', 'SQL_INJECTION', 'SQL_NONCONSTANT_STRING_PASSED_TO_EXECUTE'],
    sonarqube: ['javasecurity:S3649', 'java:S2077'],
    snyk: ['java/Sqli'],
  },
  cwe: [89],
  owasp: ['A03:2021'],
  title: 'PreparedStatement with ? parameters instead of concatenated SQL',
  description:
    'For `Statement st = conn.createStatement();` followed by `st.executeQuery("... \'" + name + ' +
    '"\' AND id = " + id)` (or `String sql = "..." + x; st.execute(sql)`), creates the statement ' +
    'with `conn.prepareStatement("... ? AND id = ?")`, binds each value with `setString` / ' +
    '`setInt` / `setLong` ... chosen by its declared type just before the call, and calls ' +
    '`executeQuery()` without SQL. Refused when a concatenated piece is a table, column or ' +
    'clause, when its type does not say how to bind it, or when the Statement runs other queries. ' +
    'Declined with the reason as well: SQL text that is one value the code is given (a parameter, a ' +
    'field, another method\u2019s result: wrappers, pools, query registries), and text built here but ' +
    'passed to `prepareStatement` / `prepareCall` or run on a Statement the method does not create.',
  rationale: {
    problem:
      'SQL built by concatenating values lets a value change the query itself: a name such as ' +
      "`' OR '1'='1` or `'; DROP TABLE users; --` turns a lookup into a data leak or a " +
      'destructive statement (SQL injection).',
    change:
      'The query text is fixed at `prepareStatement` with `?` placeholders and every value is ' +
      'sent separately through a typed setter, so the database never parses a value as SQL.',
    safety:
      'The query, its result and the statement’s lifetime (the same variable, closed the same ' +
      'way) are unchanged. Values that were quoted in the SQL are bound as strings (with the ' +
      "quoted text around them, e.g. `'%' + q + '%'` for LIKE); unquoted numbers by their " +
      'declared Java type. The codemod refuses instead of guessing when a piece is not a value ' +
      '(names and clauses cannot be parameters), when a String is spliced in unquoted, when the ' +
      'Statement is reused for other queries, and when values change between building the SQL ' +
      'and running it. A `null` String is now bound as SQL NULL rather than the text `null`.',
  },
  references: [
    {
      title:
        "CWE-89: Improper Neutralization of Special Elements used in an SQL Command ('SQL Injection')",
      url: 'https://cwe.mitre.org/data/definitions/89.html',
    },
    {
      title: 'OWASP SQL Injection Prevention Cheat Sheet',
      url: 'https://cheatsheetseries.owasp.org/cheatsheets/SQL_Injection_Prevention_Cheat_Sheet.html',
    },
    {
      title: 'The Java Tutorials: Using Prepared Statements',
      url: 'https://docs.oracle.com/javase/tutorial/jdbc/basics/prepared.html',
    },
  ],
  detect: sqlSites,
  fix: ({ node, data }, editor) => {
    if (!data) return;
    if (data.refusal || !data.plan)
      return notApplicable('unsafe_to_change', data.refusal ?? 'nothing to bind');
    const plan = data.plan;
    const extra = argsOf(node)
      .slice(1)
      .map((a) => a.text());
    const createArgs = argsOf(plan.creation).map((a) => a.text());
    if (extra.length > 0 && createArgs.length > 0) {
      return notApplicable('unsafe_to_change', 'both the Statement and the query carry options');
    }
    const statement = receiver(node)!.text();
    const sqlArg =
      plan.sqlDeclaration && (plan.sqlBeforeStatement || plan.sqlUsedElsewhere)
        ? plan.argument.text()
        : plan.sql;
    if (plan.sqlDeclaration) {
      if (plan.sqlBeforeStatement || plan.sqlUsedElsewhere) {
        editor.replace(plan.sqlDeclaration.value!, plan.sql);
      } else if (!removeStatement(editor, plan.sqlDeclaration.statement)) {
        return notApplicable(
          'unsafe_to_change',
          'the SQL declaration shares its line with other code',
        );
      }
    }
    if (plan.type) {
      const qualified = plan.type.text().startsWith('java.sql.');
      editor.replace(
        plan.type,
        qualified
          ? 'java.sql.PreparedStatement'
          : ensureJavaImport(editor, 'java.sql.PreparedStatement'),
      );
      dropStatementImport(editor, plan);
    }
    const connection = receiver(plan.creation)?.text();
    const prefix = connection ? `${connection}.` : '';
    editor.replace(
      plan.creation,
      `${prefix}prepareStatement(${[sqlArg, ...createArgs, ...extra].join(', ')})`,
    );
    insertBefore(
      editor,
      plan.executeStatement,
      plan.parameters.map((p, i) => `${statement}.${p.setter}(${i + 1}, ${p.value});`),
    );
    editor.replace(node.field('arguments')!, '()');
  },
});
