import { readFileSync } from 'node:fs';
import ts from 'typescript';

/**
 * Every path of the app's route table (src/app/router.tsx), read from its source: the table's
 * modules load React and Fluent UI, which a Node test process cannot import. A route is an
 * object literal with `path` (and maybe `children`), or a call whose first argument is the path
 * (`permitRoute('/x', …)`, `notYet('/x', …)`); an identifier in a children list (`admin`) is
 * read from its declaration. Paths come back absolute, `/` for the index routes' parents.
 */
export function appRoutePaths(file = 'src/app/router.tsx'): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const declarations = new Map<string, ts.Expression>();
  source.forEachChild((node) => {
    if (!ts.isVariableStatement(node)) return;
    for (const d of node.declarationList.declarations) if (ts.isIdentifier(d.name) && d.initializer) declarations.set(d.name.text, d.initializer);
  });
  const routes = declarations.get('routes');
  if (!routes || !ts.isArrayLiteralExpression(routes)) throw new Error(`${file}: no \`routes\` array`);

  const paths = new Set<string>();
  const join = (parent: string, path: string) => (path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`);
  const visit = (node: ts.Expression, parent: string): void => {
    if (ts.isIdentifier(node)) {
      const declared = declarations.get(node.text);
      if (!declared) throw new Error(`${file}: route \`${node.text}\` is not declared at the top level`);
      return visit(declared, parent);
    }
    if (ts.isCallExpression(node)) {
      const [first] = node.arguments;
      if (!first || !ts.isStringLiteral(first)) throw new Error(`${file}: a route call without a path literal: ${node.getText()}`);
      paths.add(join(parent, first.text));
      return;
    }
    if (!ts.isObjectLiteralExpression(node)) throw new Error(`${file}: a route this reader does not understand: ${node.getText()}`);
    let path = parent;
    let children: ts.Expression | undefined;
    for (const property of node.properties) {
      if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue;
      if (property.name.text === 'path' && ts.isStringLiteral(property.initializer)) path = join(parent, property.initializer.text);
      if (property.name.text === 'children') children = property.initializer;
    }
    // A layout route (no path, children) adds no page of its own; an index route is its parent's page.
    if (!children) paths.add(path);
    else if (ts.isArrayLiteralExpression(children)) for (const child of children.elements) visit(child, path);
  };
  for (const route of routes.elements) visit(route, '/');
  return [...paths].sort();
}
