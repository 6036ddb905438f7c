// Only repositories query the database, whatever the handle is called. A name-based rule misses
// `ctx.db.query.trips.findFirst()` (the call is on `findFirst`), `const t = ctx.db; t.select()` and a
// parameter named `conn`; the type does not lie, so this rule asks the type checker what each value is.
import ts from 'typescript';

/**
 * The declarations that make a value a database handle: drizzle's PostgreSQL database and transaction
 * (the `Db`, `Tx` and `Executor` of apps/api/src/db/client.ts), node-postgres' pool and clients, PGlite,
 * and the PGlite thread of apps/api/src/db. A type that extends one of them is a handle too.
 */
const HANDLES = [
  {
    file: /[\\/]node_modules[\\/]drizzle-orm[\\/]/,
    names: ['PgDatabase', 'PgTransaction', 'PgliteDatabase', 'NodePgDatabase'],
  },
  {
    file: /[\\/]node_modules[\\/](@types[\\/])?pg[\\/]/,
    names: ['Pool', 'PoolClient', 'Client', 'ClientBase'],
  },
  {
    file: /[\\/]node_modules[\\/]@electric-sql[\\/]pglite[\\/]/,
    names: ['PGlite', 'BasePGlite', 'PGliteInterface', 'PGliteWorker', 'Transaction'],
  },
  {
    file: /[\\/]apps[\\/]api[\\/]src[\\/]db[\\/]pglite-thread\.ts$/,
    names: ['PgliteThread', 'PgliteThreadTransaction'],
  },
].map(({ file, names }) => ({ file, names: new Set(names) }));

function isHandleSymbol(symbol) {
  if (!symbol?.declarations) return false;
  const name = symbol.getName();
  return symbol.declarations.some((declaration) => {
    const fileName = declaration.getSourceFile().fileName;
    return HANDLES.some((handle) => handle.names.has(name) && handle.file.test(fileName));
  });
}

/** Whether a value of this type is (or may be, in a union) a database handle. */
function createHandleCheck(checker) {
  const known = new Map();
  const check = (type, depth) => {
    if (!type || depth > 8) return false;
    const cached = known.get(type);
    if (cached !== undefined) return cached;
    known.set(type, false); // a recursive type reaching itself again is not the handle it is looking for
    let result = false;
    if (type.isUnionOrIntersection()) {
      result = type.types.some((part) => check(part, depth + 1));
    } else if (type.flags & ts.TypeFlags.TypeParameter) {
      result = check(checker.getBaseConstraintOfType(type), depth + 1);
    } else if (isHandleSymbol(type.aliasSymbol) || isHandleSymbol(type.getSymbol())) {
      result = true;
    } else if (type.flags & ts.TypeFlags.Object) {
      const target = type.objectFlags & ts.ObjectFlags.Reference ? type.target : type;
      if (target.objectFlags & ts.ObjectFlags.ClassOrInterface) {
        result = (checker.getBaseTypes(target) ?? []).some((base) => check(base, depth + 1));
      }
    }
    known.set(type, result);
    return result;
  };
  return (type) => check(type, 0);
}

function memberName(node) {
  if (!node.computed)
    return node.property.type === 'PrivateIdentifier' ? `#${node.property.name}` : node.property.name;
  return node.property.type === 'Literal' ? String(node.property.value) : null;
}

function keyName(property) {
  if (property.type === 'RestElement') return '...';
  if (!property.computed && property.key.type === 'Identifier') return property.key.name;
  return property.key.type === 'Literal' ? String(property.key.value) : null;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Only repositories use a database handle (by its type): other files pass it on; services and jobs may open a transaction.',
    },
    schema: [
      {
        type: 'object',
        properties: { allowTransaction: { type: 'boolean' } },
        additionalProperties: false,
      },
    ],
    messages: {
      query:
        'Only *.repository.ts files query the database: `{{member}}` on a database handle belongs in a repository function; pass the handle to it instead.',
      transaction:
        'Only services and jobs open transactions: move `.transaction(…)` into a *.service.ts or *.job.ts file and pass the transaction to the code that needs it.',
    },
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program || !services.esTreeNodeToTSNodeMap) {
      throw new Error(
        `${context.id} needs type information for ${context.filename}: enable parserOptions.projectService for it.`,
      );
    }
    const allowTransaction = context.options[0]?.allowTransaction ?? false;
    const checker = services.program.getTypeChecker();
    const isHandle = createHandleCheck(checker);
    const typeOf = (node) => checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(node));

    const judge = (node, member) => {
      if (member === 'transaction') {
        if (!allowTransaction) context.report({ node, messageId: 'transaction' });
        return;
      }
      context.report({ node, messageId: 'query', data: { member: member ?? '[…]' } });
    };

    return {
      MemberExpression(node) {
        if (node.object.type === 'Super' || !isHandle(typeOf(node.object))) return;
        judge(node.property, memberName(node));
      },
      // `const { select } = db` and `({ query }: Db) => …` take members off a handle just the same.
      ObjectPattern(node) {
        const source =
          node.parent.type === 'VariableDeclarator' && node.parent.id === node && node.parent.init
            ? node.parent.init
            : node.parent.type === 'AssignmentExpression' && node.parent.left === node
              ? node.parent.right
              : node;
        if (!isHandle(typeOf(source))) return;
        for (const property of node.properties) judge(property, keyName(property));
      },
    };
  },
};
