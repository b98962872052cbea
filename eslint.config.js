import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The dependency direction of docs/architecture.md §13 Layers, enforced: each layer lists what it must not import.
 * domain → shared only; db → shared; engine → domain, db, shared; server → engine, shared, config
 * (and db for wiring); web → shared and `import type` from the server.
 */
const layer = (pattern) => ({
  group: [`**/${pattern}/**`, `**/${pattern}`],
  message: `This layer must not import ${pattern}/ (see docs/architecture.md §13 Layers).`,
});
const forbid = (files, patterns, extra = []) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: [...patterns.map(layer), ...extra] }],
  },
});
const nodeIo = [
  {
    group: ['node:*', 'fs', 'path', 'http', 'better-sqlite3', 'drizzle-orm', 'drizzle-orm/*', 'ws', 'pino'],
    message: 'Domain and shared code is pure: no I/O (see docs/architecture.md §13 Layers).',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'drizzle/**', 'data/**', 'test-results/**', 'coverage/**', 'bench/.cache/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // drizzle transactions are synchronous: code after an await would run outside the transaction.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction'] > :function[async=true]",
          message: 'SQLite transactions are synchronous: never pass an async callback.',
        },
        // SQLite (built with STAT4, as better-sqlite3 is) prepares a statement again at every run when its
        // LIMIT or OFFSET is a bare parameter, whose value the planner may use: 5–70 µs a run, more than
        // the query itself. As an expression (`+?`) it is read when the statement runs, for nothing.
        ...['Literal[value=/(LIMIT|OFFSET) [?@]/]', 'TemplateElement[value.raw=/(LIMIT|OFFSET) [?@]/]'].map((selector) => ({
          selector,
          message: 'Write LIMIT +? (or +@name): a bare parameter makes SQLite prepare the statement again at every run.',
        })),
      ],
    },
  },
  forbid(['src/shared/**'], ['domain', 'engine', 'db', 'server', 'web', 'cli', 'config'], nodeIo),
  forbid(['src/domain/**'], ['engine', 'db', 'server', 'web', 'cli', 'config'], nodeIo),
  forbid(['src/db/**'], ['domain', 'engine', 'server', 'web', 'cli']),
  forbid(['src/engine/**'], ['server', 'web', 'cli']),
  forbid(['src/server/**'], ['web', 'cli']),
  // The game's rules, its single writer, the server and the database code stay readable a function at a time.
  {
    files: ['src/engine/**/*.ts', 'src/domain/**/*.ts', 'src/server/**/*.ts', 'src/db/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test-support/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['src/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...['engine', 'db', 'cli', 'config'].map(layer),
            // The win-totals solver is pure and runs in the browser too.
            { group: ['**/domain/*', '!**/domain/win-totals'], message: 'This layer must not import domain/ (see docs/architecture.md §13 Layers).' },
            // tRPC's observable is the client's own runtime (a custom link returns one).
            { group: ['**/server/**', '!@trpc/server/observable'], allowTypeImports: true, message: 'The web app may only `import type` from the server.' },
          ],
        },
      ],
    },
  },
);
