// Every way a TypeScript file names another module: import (type or value), export … from,
// export * from, import('…') with a literal, a type's import('…') and `import x = require('…')`.

/**
 * ESLint visitors that call `onImport(node, source)` for each of them, `node` being the whole
 * declaration or expression to report on.
 */
export function importSources(onImport) {
  const literal = (node, sourceNode) => {
    if (sourceNode?.type === 'Literal' && typeof sourceNode.value === 'string')
      onImport(node, sourceNode.value);
    else if (sourceNode?.type === 'TemplateLiteral' && sourceNode.expressions.length === 0) {
      onImport(node, sourceNode.quasis[0].value.cooked);
    }
  };
  return {
    ImportDeclaration: (node) => literal(node, node.source),
    ExportNamedDeclaration: (node) => literal(node, node.source),
    ExportAllDeclaration: (node) => literal(node, node.source),
    ImportExpression: (node) => literal(node, node.source),
    TSImportType: (node) =>
      literal(node, node.argument?.type === 'TSLiteralType' ? node.argument.literal : null),
    TSExternalModuleReference: (node) => literal(node.parent, node.expression),
  };
}
