/**
 * The texts of source files as a reader would see them, for the typography scan (decision 026):
 * every string literal, template literal and JSX text, with each `${…}` of a template written `{#}`
 * when it inserts a number (a count) and `{…}` otherwise. Numbers are recognised by their type
 * (the TypeScript checker) or by the number formatters that take them; a constant number is written
 * out, so « ${RENDER_LIMITS.renderMs} ms » reads « 200 ms ».
 */
import path from 'node:path';
import ts from 'typescript';

export interface SourceText {
  file: string;
  line: number;
  text: string;
}

/** Helpers that turn a number into its French figure: what they insert is a count. */
const NUMBER_FORMATTERS = new Set(['num', 'formatNumber', 'formatCount', 'toLocaleString']);

function isNumberType(type: ts.Type): boolean {
  return (type.flags & ts.TypeFlags.NumberLike) !== 0;
}

/** How an inserted expression reads in the scanned text. */
function marker(expression: ts.Expression, checker: ts.TypeChecker | null): string {
  if (!checker) return ts.isNumericLiteral(expression) ? expression.text : '{…}';
  const type = checker.getTypeAtLocation(expression);
  if (type.isNumberLiteral()) return String(type.value);
  if (isNumberType(type)) return '{#}';
  if (ts.isCallExpression(expression)) {
    const callee = expression.expression;
    const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
    const subject = name === 'toLocaleString' && ts.isPropertyAccessExpression(callee) ? callee.expression : expression.arguments[0];
    if (NUMBER_FORMATTERS.has(name) && subject !== undefined) {
      const subjectType = checker.getTypeAtLocation(subject);
      if (subjectType.isNumberLiteral()) return String(subjectType.value);
      if (isNumberType(subjectType)) return '{#}';
    }
  }
  return '{…}';
}

/** Whether a string literal is code rather than text: an import, a key, a type. */
function isCode(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isExternalModuleReference(parent)) return true;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent) || ts.isPropertyDeclaration(parent)) && parent.name === node) return true;
  if (ts.isLiteralTypeNode(parent) || ts.isElementAccessExpression(parent)) return true;
  if (ts.isBinaryExpression(parent) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(parent.operatorToken.kind)) return true;
  return false;
}

/** Whether a node is text a screen shows as written: JSX text, or a string put between JSX tags. */
function inJsx(node: ts.Node): boolean {
  return ts.isJsxText(node) || ts.isJsxExpression(node.parent);
}

/**
 * Every text of `files` (absolute paths), with its file (relative to `root`) and line. With
 * `jsxOnly`, only what JSX shows as written (components: their class names and keys are not text),
 * read without the type checker (a component's counts go through the catalogue).
 */
export function sourceTexts(files: string[], root: string, options: { jsxOnly?: boolean } = {}): SourceText[] {
  const config = ts.readConfigFile(path.join(root, 'tsconfig.json'), (file) => ts.sys.readFile(file));
  const compilerOptions = ts.parseJsonConfigFileContent(config.config, ts.sys, root).options;
  const program = options.jsxOnly ? null : ts.createProgram(files, { ...compilerOptions, noEmit: true });
  const checker = program?.getTypeChecker() ?? null;
  const texts: SourceText[] = [];
  for (const file of files) {
    const source = program
      ? program.getSourceFile(file)
      : ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    if (!source) throw new Error(`Not found: ${file}`);
    const add = (node: ts.Node, text: string) => {
      if (text.trim() === '' || (options.jsxOnly && !inJsx(node))) return;
      texts.push({ file: path.relative(root, file), line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, text });
    };
    const visit = (node: ts.Node) => {
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !isCode(node)) add(node, node.text);
      else if (ts.isTemplateExpression(node)) {
        add(node, node.head.text + node.templateSpans.map((span) => marker(span.expression, checker) + span.literal.text).join(''));
      } else if (ts.isJsxText(node)) add(node, node.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return texts;
}
