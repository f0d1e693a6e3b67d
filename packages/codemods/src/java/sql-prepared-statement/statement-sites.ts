import type { SgNode } from '@ast-grep/napi';
import type { SourceFile } from '../../engine/source-file.js';
import type { Site } from '../../types.js';
import {
  ancestor,
  argsOf,
  callsIn,
  isConstantString,
  kindOf,
  methodName,
  plusOperands,
  receiver,
  unparen,
} from '../shared/ast.js';
import { declarationOfExpr, enclosingBody, type Declaration } from '../shared/scope.js';
import { blockStatement } from '../shared/statements.js';
import { sqlTemplate, type Parameter } from './sql-template.js';

export const EXECUTES = /^(executeQuery|execute|executeUpdate|executeLargeUpdate)$/;
const HARMLESS =
  /^(close|setQueryTimeout|setFetchSize|setMaxRows|setFetchDirection|getResultSet|getUpdateCount|getGeneratedKeys|getMoreResults|getWarnings|clearWarnings|isClosed|closeOnCompletion)$/;

export interface SqlPlan {
  /** `Statement` in the statement's declaration (type to rewrite), or null for `var`. */
  type: SgNode | null;
  /** `conn.createStatement(...)`. */
  creation: SgNode;
  /** The SQL argument of the execute call. */
  argument: SgNode;
  /** `String sql = ...;` when the argument is a variable. */
  sqlDeclaration: Declaration | null;
  sql: string;
  parameters: Parameter[];
  /** The statement before which the setters go. */
  executeStatement: SgNode;
  /** Where the declaration of the SQL variable sits relative to the statement's creation. */
  sqlBeforeStatement: boolean;
  /** Whether the SQL variable is read anywhere but the execute call. */
  sqlUsedElsewhere: boolean;
}

export interface SqlData {
  plan?: SqlPlan;
  refusal?: string;
}

const isJdbcStatement = (declaration: Declaration | null): boolean =>
  !!declaration &&
  (/^(java\.sql\.)?Statement$/.test(declaration.type) ||
    (declaration.type === 'var' &&
      methodName(unparen(declaration.value ?? declaration.node)) === 'createStatement'));

const identifierUses = (scope: SgNode, name: string): SgNode[] =>
  scope
    .findAll({ rule: { kind: 'identifier', regex: `^${name}$` } })
    .filter(
      (id) =>
        !(
          kindOf(id.parent()) === 'field_access' &&
          id.parent()!.field('field')?.range().start.index === id.range().start.index
        ),
    );

/** True when one of `names` is assigned between two offsets of a scope. */
const assignedBetween = (scope: SgNode, names: readonly string[], from: number, to: number) =>
  scope
    .findAll({ rule: { any: [{ kind: 'assignment_expression' }, { kind: 'update_expression' }] } })
    .some((a) => {
      const at = a.range().start.index;
      const target = kindOf(a) === 'assignment_expression' ? a.field('left') : a.namedChildren()[0];
      return at > from && at < to && !!target && names.includes(target.text());
    });

const plan = (call: SgNode, statementDecl: Declaration): SqlData => {
  const argument = argsOf(call)[0]!;
  const body = enclosingBody(call) ?? call;
  const creation = unparen(statementDecl.value ?? statementDecl.node);
  if (kindOf(creation) !== 'method_invocation' || methodName(creation) !== 'createStatement') {
    return { refusal: 'the Statement is not created by connection.createStatement() here' };
  }
  if (statementDecl.kind !== 'local' && statementDecl.kind !== 'resource') {
    return { refusal: 'the Statement is not a local variable' };
  }
  const name = statementDecl.node.field('name')!.text();
  const uses = callsIn(body).filter((c) => receiver(c)?.text() === name);
  const others = uses.filter(
    (c) =>
      c !== call &&
      !HARMLESS.test(methodName(c)) &&
      c.range().start.index !== call.range().start.index,
  );
  if (others.length > 0) {
    return {
      refusal: `the Statement is reused (${methodName(others[0]!)}), so it cannot become one prepared statement`,
    };
  }
  const passed = identifierUses(body, name).filter((id) => kindOf(id.parent()) === 'argument_list');
  if (passed.length > 0) return { refusal: 'the Statement is passed to another method' };
  const executeStatement = blockStatement(call);
  if (!executeStatement) return { refusal: 'the execute call is not in a statement of a block' };
  const resources = ancestor(call, ['resource_specification']);
  if (
    resources &&
    resources.range().start.index ===
      ancestor(statementDecl.node, ['resource_specification'])?.range().start.index
  ) {
    return {
      refusal:
        'the query runs in the resource list that creates the Statement; there is no place to bind parameters',
    };
  }
  let sqlDeclaration: Declaration | null = null;
  let concat = unparen(argument);
  if (kindOf(concat) === 'identifier') {
    sqlDeclaration = declarationOfExpr(concat);
    if (!sqlDeclaration || sqlDeclaration.kind !== 'local' || !sqlDeclaration.value) {
      return { refusal: 'the SQL comes from a variable this method does not build' };
    }
    concat = unparen(sqlDeclaration.value);
    const assigned = assignedBetween(
      body,
      [argument.text()],
      sqlDeclaration.statement.range().end.index,
      call.range().start.index,
    );
    if (assigned) return { refusal: 'the SQL variable is changed after it is built' };
  }
  if (kindOf(concat) === 'method_invocation' && methodName(concat) === 'format') {
    return { refusal: 'the SQL is built with String.format' };
  }
  const template = sqlTemplate(concat);
  if ('refusal' in template) return { refusal: template.refusal };
  if (template.parameters.length === 0) return {};
  const reads = template.parameters.flatMap((p) => p.reads);
  if (
    sqlDeclaration &&
    assignedBetween(
      body,
      reads,
      sqlDeclaration.statement.range().end.index,
      call.range().start.index,
    )
  ) {
    return { refusal: 'a value in the SQL changes between building the SQL and running it' };
  }
  const sqlBeforeStatement =
    !!sqlDeclaration &&
    sqlDeclaration.statement.range().end.index <= statementDecl.statement.range().start.index;
  const sqlUsedElsewhere =
    !!sqlDeclaration &&
    identifierUses(body, argument.text()).some(
      (id) =>
        id.range().start.index !== argument.range().start.index &&
        id.range().start.index !== sqlDeclaration.node.field('name')?.range().start.index,
    );
  if (sqlDeclaration && !sqlBeforeStatement && sqlUsedElsewhere) {
    return { refusal: 'the SQL is built after the Statement is created and is used elsewhere too' };
  }
  const type =
    statementDecl.type === 'var' ? null : (statementDecl.statement.field('type') ?? null);
  return {
    plan: {
      type,
      creation,
      argument,
      sqlDeclaration,
      sql: template.sql,
      parameters: template.parameters,
      executeStatement,
      sqlBeforeStatement,
      sqlUsedElsewhere,
    },
  };
};

/** The smallest node holding every given node. */
export const spanning = (nodes: readonly SgNode[]): SgNode => {
  const start = Math.min(...nodes.map((n) => n.range().start.index));
  const end = Math.max(...nodes.map((n) => n.range().end.index));
  for (let n: SgNode | null = nodes[0]!; n; n = n.parent()) {
    if (n.range().start.index <= start && n.range().end.index >= end) return n;
  }
  return nodes[0]!;
};

/** JDBC calls that take SQL text: a `Statement`'s executes and batches, a connection's prepares. */
const TAKES_SQL =
  /^(executeQuery|execute|executeUpdate|executeLargeUpdate|addBatch|prepareStatement|prepareCall|nativeSQL)$/;

/** True for SQL text whose every piece is a literal or a final String constant. */
const constantSql = (node: SgNode): boolean =>
  plusOperands(node).every((p) => {
    if (isConstantString(p)) return true;
    const declaration =
      kindOf(unparen(p)) === 'identifier' || kindOf(unparen(p)) === 'field_access'
        ? declarationOfExpr(unparen(p))
        : null;
    return (
      !!declaration?.value &&
      /\bfinal\b/.test(declaration.statement.text()) &&
      isConstantString(unparen(declaration.value))
    );
  });

/** True when the method writes the local's text itself: `+`, `format`, a `StringBuilder`. */
const builtHere = (declaration: Declaration, body: SgNode): boolean => {
  const name = declaration.node.field('name')?.text() ?? '';
  const values = [
    ...(declaration.value ? [declaration.value] : []),
    ...body
      .findAll({ rule: { kind: 'assignment_expression' } })
      .filter((a) => a.field('left')?.text() === name)
      .map((a) => a.field('right')!),
  ];
  return values.some((v) => {
    const value = unparen(v);
    return (
      plusOperands(value).length > 1 ||
      (kindOf(value) === 'method_invocation' &&
        /^(format|formatted|toString)$/.test(methodName(value)))
    );
  });
};

/**
 * Where SQL text reaches JDBC without being built in the method, or is built here but handed to
 * a call this codemod does not rewrite: the reason it is declined, or null.
 */
const elsewhereReason = (call: SgNode): string | null => {
  const argument = unparen(argsOf(call)[0]!);
  if (constantSql(argument)) return null;
  const prepares = /^(prepareStatement|prepareCall|nativeSQL)$/.test(methodName(call));
  const kind = kindOf(argument);
  const declaration =
    kind === 'identifier' || kind === 'field_access' ? declarationOfExpr(argument) : null;
  const body = enclosingBody(call) ?? call;
  const local = declaration && ['local', 'resource', 'loop'].includes(declaration.kind);
  const built =
    plusOperands(argument).length > 1 ||
    (kind === 'method_invocation' && /^(format|formatted)$/.test(methodName(argument))) ||
    (local && builtHere(declaration, body));
  if (!built) {
    return 'the SQL text is one value this code is given (a parameter, a field or another method\u2019s result), not built here: there are no values in it to bind; parameters belong where the text is built';
  }
  if (prepares) {
    return `the text passed to ${methodName(call)} is built here from pieces: making them ? parameters also needs setters wherever the prepared statement runs, which is not in this call`;
  }
  return 'the SQL is built here but run on a statement this method does not create with connection.createStatement(), so it cannot become a prepared statement here';
};

const statementSites = (file: SourceFile): Site<SqlData>[] =>
  callsIn(file.root)
    .filter((call) => EXECUTES.test(methodName(call)) && argsOf(call).length >= 1)
    .flatMap((call): Site<SqlData>[] => {
      const object = receiver(call);
      const declaration =
        object && kindOf(object) === 'identifier' ? declarationOfExpr(object) : null;
      const argument = argsOf(call)[0]!;
      const inline =
        object &&
        kindOf(object) === 'method_invocation' &&
        methodName(object) === 'createStatement';
      if (inline && !isConstantString(unparen(argument))) {
        const refusal =
          'the Statement is created inline; binding parameters needs it in a variable';
        return [{ node: call, anchors: [argument], data: { refusal } }];
      }
      if (!isJdbcStatement(declaration)) return [];
      const sqlValue =
        kindOf(unparen(argument)) === 'identifier'
          ? declarationOfExpr(unparen(argument))?.value
          : argument;
      const sqlHolder =
        kindOf(unparen(argument)) === 'identifier' ? declarationOfExpr(unparen(argument)) : null;
      // A field's initializer is a constant only when the field is final (a setter may change it).
      const constantHolder =
        !sqlHolder || sqlHolder.kind !== 'field' || /\bfinal\b/.test(sqlHolder.statement.text());
      if (sqlValue && constantHolder && isConstantString(unparen(sqlValue))) return [];
      const data = plan(call, declaration!);
      if (!data.plan && !data.refusal) return [];
      const sqlStatement = data.plan?.sqlDeclaration?.statement;
      const edited = [
        declaration!.statement,
        call,
        ...(data.plan ? [data.plan.executeStatement] : []),
        ...(sqlStatement ? [sqlStatement] : []),
      ];
      return [
        {
          node: call,
          anchors: [argument, ...(sqlStatement ? [sqlStatement] : [])],
          scope: spanning(edited),
          data,
        },
      ];
    });

/**
 * A receiver of `execute(...)` (a name other APIs use too) that may be a JDBC statement: declared
 * so, or of a type the file does not say.
 */
const jdbcReceiver = (object: SgNode): boolean => {
  const kind = kindOf(unparen(object));
  if (kind !== 'identifier' && kind !== 'field_access') return true;
  const declaration = declarationOfExpr(unparen(object));
  return !declaration?.simpleType || /Statement$/.test(declaration.simpleType);
};

/** `statement.execute*(sql)` on a JDBC `Statement` with SQL built from non-constant pieces. */
export const sqlSites = (file: SourceFile): Site<SqlData>[] => {
  const sites = statementSites(file);
  const taken = new Set(sites.map((s) => s.node.id()));
  const elsewhere = callsIn(file.root)
    .filter(
      (call) =>
        TAKES_SQL.test(methodName(call)) &&
        argsOf(call).length >= 1 &&
        receiver(call) !== null &&
        (methodName(call) !== 'execute' || jdbcReceiver(receiver(call)!)) &&
        !taken.has(call.id()),
    )
    .flatMap((call): Site<SqlData>[] => {
      const decline = elsewhereReason(call);
      return decline ? [{ node: call, anchors: [argsOf(call)[0]!], decline }] : [];
    });
  return [...sites, ...elsewhere];
};
