// A page's module is bundled for the browser too, except for getServerSideProps / getStaticProps /
// getStaticPaths and whatever only they use: Next.js removes those from the browser's copy. So a page may
// import server code (the five server-side layers) only for them. This rule reports a value imported from
// a server-side layer and used anywhere else: in the component, or in a helper the component can reach.
// (docs/decisions/0030-error-table-and-browser-bundle.md)
const DATA_FUNCTIONS = new Set(['getServerSideProps', 'getStaticProps', 'getStaticPaths']);

/** The statement of the module's top level that holds `node`. */
function topLevel(node) {
  let at = node;
  while (at.parent && at.parent.type !== 'Program') at = at.parent;
  return at;
}

/** The names a top-level statement declares, and whether it is a data function Next.js strips. */
function declared(statement) {
  const inner = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement.type === 'ExportDefaultDeclaration' ? null : statement;
  if (!inner) return { names: [], dataFunction: false };
  let names = [];
  if (inner.type === 'FunctionDeclaration' && inner.id) names = [inner.id.name];
  if (inner.type === 'VariableDeclaration') names = inner.declarations.filter((d) => d.id.type === 'Identifier').map((d) => d.id.name);
  const exported = statement.type === 'ExportNamedDeclaration';
  return { names, exported, dataFunction: exported && names.some((name) => DATA_FUNCTIONS.has(name)) };
}

const serverCodeInPages = {
  meta: {
    type: 'problem',
    docs: { description: 'In a page, server code is used only by the data functions that Next.js leaves out of the browser bundle' },
    schema: [{ type: 'object', properties: { serverLayers: { type: 'string' } }, additionalProperties: false }],
    messages: {
      browserReach:
        '{{name}} comes from server code ({{source}}): use it only in getServerSideProps, getStaticProps or a helper only they call (Next.js keeps those out of the browser bundle); a pure helper belongs in @/universal.',
    },
  },
  create(context) {
    const serverSource = new RegExp(context.options[0]?.serverLayers ?? '^@/(server|modules|adapters|wiring|http)(/|$)');
    const imports = [];
    return {
      ImportDeclaration(node) {
        if (node.importKind === 'type' || !serverSource.test(node.source.value)) return;
        for (const specifier of node.specifiers) if (specifier.importKind !== 'type') imports.push({ specifier, source: node.source.value });
      },
      'Program:exit'(program) {
        if (!imports.length) return;
        const { sourceCode } = context;
        // Statements that run only on the server: the data functions, then every declaration used by
        // those alone (repeated until nothing more joins).
        const statements = program.body.map((statement) => ({ statement, ...declared(statement) }));
        const serverOnly = new Set(statements.filter((s) => s.dataFunction).map((s) => s.statement));
        const usersOf = (statement) =>
          sourceCode.getDeclaredVariables(statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement).flatMap((variable) =>
            variable.references.filter((ref) => !ref.init).map((ref) => topLevel(ref.identifier)),
          );
        for (let grew = true; grew; ) {
          grew = false;
          for (const { statement, names, exported } of statements) {
            if (serverOnly.has(statement) || exported || !names.length) continue;
            const users = usersOf(statement).filter((user) => user !== statement);
            if (users.length && users.every((user) => serverOnly.has(user))) {
              serverOnly.add(statement);
              grew = true;
            }
          }
        }
        for (const { specifier, source } of imports) {
          for (const variable of sourceCode.getDeclaredVariables(specifier)) {
            for (const ref of variable.references) {
              if (serverOnly.has(topLevel(ref.identifier))) continue;
              context.report({ node: ref.identifier, messageId: 'browserReach', data: { name: variable.name, source } });
            }
          }
        }
      },
    };
  },
};

export default serverCodeInPages;
