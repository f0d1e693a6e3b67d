import type { SgNode } from '@ast-grep/napi';
import type { SourceFile } from '../../engine/source-file.js';
import type { Site } from '../../types.js';
import {
  argsOf,
  callsIn,
  kindOf,
  methodName,
  namedKids,
  plusOperands,
  receiver,
  simpleTypeName,
  stringValue,
  unparen,
} from '../shared/ast.js';
import { declarationOfExpr, type Declaration } from '../shared/scope.js';

/** The helper every neutralized argument goes through. */
export const HELPER = 'escapeLineBreaks';

export interface LogData {
  /** Arguments (or whole concatenations) to wrap in the helper. */
  candidates: SgNode[];
  /** Every argument that may be wrapped when a finding points at it precisely. */
  wrappable: SgNode[];
}

const LEVELS =
  /^(trace|debug|info|warn|warning|error|fatal|severe|fine|finer|finest|config|log|printf)$/;
const LOGGER_TYPES = /^(Logger|Log|XLogger|ExtendedLogger|FluentLogger|LocationAwareLogger)$/;
const LOGGER_NAMES = /^(log|logger|LOG|LOGGER|[a-z]\w*Logger|[A-Z_]*LOGGER|[A-Z_]*LOG)$/;
const STRING_METHODS =
  /^(getParameter|getHeader|getQueryString|getRequestURI|getRequestURL|getPathInfo|getServletPath|getRemoteUser|getRemoteHost|getContentType|getMethod|toString|toLowerCase|toUpperCase|trim|strip|substring|replace|replaceAll|concat|format|formatted|valueOf|join|name|getMessage|getLocalizedMessage)$/;
const NOT_TEXT_TYPES =
  /^(int|long|short|byte|char|boolean|double|float|Integer|Long|Short|Byte|Character|Boolean|Double|Float|BigDecimal|BigInteger|UUID|Duration|Instant|LocalDate|LocalDateTime|OffsetDateTime|ZonedDateTime|Level|Marker)$/;
const NOT_TEXT_CALLS =
  /^(size|length|count|hashCode|ordinal|is[A-Z]\w*|has[A-Z]\w*|getTime|currentTimeMillis|nanoTime)$/;
const THROWABLE = /(Exception|Error|Throwable)$/;

/** `LogFactory.getLog(X.class)`, `LoggerFactory.getLogger(...)`, `LogManager.getLogger(...)`. */
const LOGGER_FACTORY =
  /^((org\.apache\.commons\.logging\.)?LogFactory\.getLog|(org\.slf4j\.)?LoggerFactory\.getLogger|(org\.apache\.logging\.log4j\.)?LogManager\.(getLogger|getFormatterLogger)|(java\.util\.logging\.)?Logger\.getLogger|System\.getLogger)$/;
/** Accessors conventionally returning the class's logger, when the file does not declare them. */
const LOGGER_ACCESSORS = /^(log|logger|getLog|getLogger)$/;

/**
 * A call that returns a logger: a logging framework's factory, or a method without arguments
 * (`log()`, `getLogger()`) whose declaration in the file returns a logger type (or, inherited
 * and not declared here, is one of the usual accessor names).
 */
const returnsLogger = (call: SgNode): boolean => {
  const owner = receiver(call);
  const name = methodName(call);
  if (owner && LOGGER_FACTORY.test(`${owner.text().replace(/\s+/g, '')}.${name}`)) return true;
  if (argsOf(call).length !== 0 || (owner && kindOf(owner) !== 'this')) return false;
  const declared = call
    .getRoot()
    .root()
    .findAll({ rule: { kind: 'method_declaration' } })
    .filter(
      (m) => m.field('name')?.text() === name && namedKids(m.field('parameters')).length === 0,
    );
  if (declared.length > 0)
    return declared.every((m) => LOGGER_TYPES.test(simpleTypeName(m.field('type'))));
  return LOGGER_ACCESSORS.test(name);
};

const isLogger = (call: SgNode): boolean => {
  const object = receiver(call);
  if (!object || !LEVELS.test(methodName(call))) return false;
  if (kindOf(unparen(object)) === 'method_invocation') return returnsLogger(unparen(object));
  const declaration = declarationOfExpr(object);
  if (declaration) return LOGGER_TYPES.test(declaration.simpleType);
  const name = object.text().replace(/^this\./, '');
  return LOGGER_NAMES.test(name);
};

const declared = (expr: SgNode): Declaration | null =>
  kindOf(expr) === 'identifier' || kindOf(expr) === 'field_access' ? declarationOfExpr(expr) : null;

/** Values that cannot carry a line break or must not be turned into text (exceptions, arrays). */
const excluded = (node: SgNode): boolean => {
  const expr = unparen(node);
  const kind = kindOf(expr);
  if (stringValue(expr) !== null || /literal$/.test(kind) || kind === 'true' || kind === 'false') {
    return true;
  }
  if (kind === 'class_literal' || kind === 'this' || kind === 'array_creation_expression')
    return true;
  if (kind === 'method_invocation') {
    if (methodName(expr) === HELPER && receiver(expr) === null) return true;
    if (NOT_TEXT_CALLS.test(methodName(expr)) || /^get(Cause|Exception)$/.test(methodName(expr))) {
      return true;
    }
  }
  if (kind === 'field_access' && /^[A-Z][A-Z0-9_]*$/.test(expr.field('field')?.text() ?? ''))
    return true;
  const declaration = declared(expr);
  if (declaration) {
    if (declaration.kind === 'catch') return true;
    const type = declaration.simpleType;
    if (THROWABLE.test(type) || type.endsWith('[]') || NOT_TEXT_TYPES.test(type)) return true;
    if (declaration.kind === 'field' && /\bfinal\b/.test(declaration.statement.text())) {
      return stringValue(declaration.value) !== null;
    }
  }
  if (kind === 'identifier' && /^[A-Z][A-Z0-9_]*$/.test(expr.text())) return true;
  return false;
};

/** True when the expression is text: a String variable, a String-returning call, a concatenation. */
const isText = (node: SgNode): boolean => {
  const expr = unparen(node);
  if (kindOf(expr) === 'cast_expression') return expr.field('type')?.text() === 'String';
  if (kindOf(expr) === 'method_invocation') return STRING_METHODS.test(methodName(expr));
  if (kindOf(expr) === 'binary_expression')
    return plusOperands(expr).some((p) => stringValue(p) !== null);
  return declared(expr)?.simpleType === 'String';
};

const breaksIn = (literal: SgNode): boolean => /[\r\n]/.test(stringValue(literal) ?? '');

/** The pieces of one argument to wrap: the whole concatenation, or its dynamic text operands. */
const candidatesOf = (arg: SgNode): SgNode[] => {
  if (excluded(arg)) return [];
  const parts = plusOperands(arg);
  if (parts.length > 1 && parts.some((p) => stringValue(p) !== null)) {
    const dynamic = parts.filter((p) => !excluded(p));
    if (dynamic.length === 0) return [];
    if (!parts.some((p) => breaksIn(p))) return [arg];
    return dynamic.filter(isText);
  }
  return isText(arg) || objectText(arg) ? [arg] : [];
};

/** Names conventionally given to a caught or passed exception, whose stack trace must stay. */
const EXCEPTION_NAMES = /^(e|ex|t|th|err|exc|cause|throwable|exception)$/i;

/**
 * An object the logging framework turns into text with `toString()` (a placeholder argument such
 * as a key, a connection, an entity, or a getter's result): its text may hold line breaks too.
 * Not `getClass()` (a class name has none) nor a name that may be an exception of unknown type.
 */
const objectText = (node: SgNode): boolean => {
  const expr = unparen(node);
  const kind = kindOf(expr);
  if (kind === 'method_invocation') return methodName(expr) !== 'getClass';
  if (kind === 'identifier' || kind === 'field_access') {
    const name = kind === 'identifier' ? expr.text() : (expr.field('field')?.text() ?? '');
    return !(EXCEPTION_NAMES.test(name) && !declarationOfExpr(expr));
  }
  return false;
};

/** Arguments that take part in the message (the `Level` of `log(Level, ...)` does not). */
const messageArgs = (call: SgNode): SgNode[] => {
  const args = argsOf(call);
  const first = args[0];
  const level =
    first &&
    (/^(java\.util\.logging\.)?Level\.|^(System\.Logger\.)?Level\./.test(first.text()) ||
      declared(first)?.simpleType === 'Level' ||
      /^[A-Z_]+$/.test(first.text()));
  return methodName(call) === 'log' && level ? args.slice(1) : args;
};

/** Logger calls whose arguments put un-neutralized text into a log line. */
export const logSites = (file: SourceFile): Site<LogData>[] =>
  callsIn(file.root)
    .filter(isLogger)
    .flatMap((call) => {
      const args = messageArgs(call);
      const candidates = args.flatMap(candidatesOf);
      if (candidates.length === 0) return [];
      const wrappable = args
        .flatMap((a) => (plusOperands(a).length > 1 ? [a, ...plusOperands(a)] : [a]))
        .filter((a) => !excluded(a));
      return [{ node: call, anchors: candidates, data: { candidates, wrappable } }];
    });
