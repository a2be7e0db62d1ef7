// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every folder under apps/web/src/features, read when the lint runs, so a new feature is covered
// without being listed here.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
      // Without these, import-x parses only .js files when it follows imports: no-cycle never
      // looked inside a .ts file and saw no cycle at all (docs/decisions/034-module-layers.md).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Dependencies point one way (docs/CONVENTIONS.md, code rule 2): no cycles between files, however
      // long (no maxDepth). It skips type-only imports; between server modules the layers below see those.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      // \`import { type A } from 'm'\` keeps \`import 'm'\` under verbatimModuleSyntax: the module (and all it
      // imports, zod for a contract) then loads for nothing. \`import type { A }\` loads nothing (decision 064).
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-syntax': [
        'error',
        {
          // The right-to-left style plugin (stylis-plugin-rtl) flips `direction: ltr` to `rtl` in
          // Arabic, so an sx direction reverses the very numbers it meant to keep left to right.
          selector: "JSXAttribute[name.name='sx'] Property[key.name='direction']",
          message: 'Use the dir="ltr" attribute (or <LtrText>): an sx direction is flipped in right-to-left languages.',
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Features never import each other; the app layer composes them.
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other; compose them in src/app.',
            })),
            // Shared code never depends on features or the app layer.
            {
              target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/config'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared code must not depend on features or the app layer.',
            },
            { target: './apps/web/src', from: './apps/server', message: 'The web app talks to the server over HTTP only.' },
          ],
        },
      ],
    },
  },
  {
    // The resource layer (docs/decisions/079-web-resource-layer.md): src/api sits below the features,
    // which all may import it; it imports no feature and no UI (app, components), only lib and contracts.
    // Its own block replaces the web block's zones for these files, so the server zone is repeated.
    files: ['apps/web/src/api/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/web/src/api',
              from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'],
              message: 'src/api holds the calls of the API only: it imports no feature and no UI.',
            },
            { target: './apps/web/src/api', from: './apps/server', message: 'The web app talks to the server over HTTP only.' },
          ],
        },
      ],
    },
  },
  {
    // Browser tests run in Node and drive Playwright: no React there (`useSession` is a test helper).
    files: ['apps/web/e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'react-hooks/exhaustive-deps': 'off' },
  },
  {
    // Plain scripts the browser loads before the app (no bundler, no modules).
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [{ target: './apps/server', from: './apps/web', message: 'The server does not import web code.' }, ...serverModuleZones()],
        },
      ],
    },
  },
  // The engine publishes, features subscribe (decision 081): the sending engine and the inbound
  // processing import only the modules they are built on, never a feature; the composition root
  // (apps/server/src/sending.ts) hands them their subscribers. Tests may set up through anything.
  ...[
    { engine: 'messaging', uses: ['campaigns', 'segments', 'messages', 'gateways', 'settings', 'contacts', 'inbound'] },
    { engine: 'inbound', uses: ['messages', 'gateways', 'settings', 'contacts'] },
  ].map(({ engine, uses }) => ({
    files: [`apps/server/src/modules/${engine}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^\\.\\./(?!(${uses.join('|')})/)[\\w-]+/`,
              message: `modules/${engine} imports no feature module (only ${uses.join(', ')}): publish an event and subscribe the feature in src/sending.ts (decision 081).`,
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [{ target: './packages/contracts', from: './apps', message: 'Contracts depend on nothing in apps/.' }] },
      ],
    },
  },
  // A part of the web app downloaded when first shown waits for an unreachable server instead of
  // failing into the error screen that replaces the frame (decision 075, issue 37): lib/lazy-page.tsx.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/lazy-page.tsx', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react',
              importNames: ['lazy'],
              message:
                'Use lazyWhenReachable (or lazyRoute) from lib/lazy-page: a download that fails while the server is away is tried again.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/web/e2e/**', 'bench/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);

/**
 * The server's modules in layers, lowest first (docs/decisions/034-module-layers.md). A module
 * imports modules of lower layers only, never its own layer or a higher one, so modules form no
 * cycle, type-only imports included. Every folder under apps/server/src/modules must be listed.
 * (A function, so that it is hoisted: it is read by the server's block above.)
 */
function serverModuleZones() {
  const layers = [
    [
      'settings',
      'brand',
      'contacts',
      'gateways',
      'messages',
      'imports',
      'audit-log',
      'health',
      'maintenance',
      'api-keys',
      'webhooks',
      'roles',
      'email-log',
    ],
    // Usage prices the charged messages (settings' price table); campaigns and the integration API check its budgets.
    ['templates', 'segments', 'keyword-rules', 'tickets', 'usage', 'senders'],
    ['users', 'campaigns', 'inbox', 'public-site', 'integration'],
    // Backups above campaigns: a restore holds sending through the campaigns' state machine (decision 072).
    ['account', 'inbound', 'reports', 'dashboard', 'archive', 'backups', 'team', 'followers', 'gallery', 'statements'],
    ['messaging', 'notifications', 'search'],
    // Notes tell the users they mention through the notifications; the contact timeline reads every source by SQL.
    // Spend pauses campaigns and warns through the notifications when a budget is reached (decision 109).
    ['notes', 'timeline', 'spend'],
  ];
  const root = './apps/server/src';
  const modules = readdirSync(new URL(`${root}/modules`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const unplaced = modules.filter((name) => !layers.flat().includes(name));
  if (unplaced.length > 0)
    throw new Error(`eslint.config.js: place ${unplaced.join(', ')} in a layer of serverModuleZones (docs/decisions/034-module-layers.md)`);
  const dir = (name) => `${root}/modules/${name}`;
  const foundation = [`${root}/platform`, `${root}/db`, `${root}/gateways`, `${root}/config.ts`];
  return [
    // The foundation serves the modules and never depends on one.
    { target: foundation, from: `${root}/modules`, message: 'platform, db, gateways and config.ts never import a module.' },
    ...modules.flatMap((name) => {
      const layer = layers.findIndex((names) => names.includes(name));
      const notBelow = layers
        .slice(layer)
        .flat()
        .filter((other) => other !== name && modules.includes(other));
      const outside = [...modules.filter((other) => other !== name).map(dir), ...foundation, `${root}/*.ts`];
      return [
        ...(notBelow.length > 0
          ? [
              {
                target: dir(name),
                from: notBelow.map(dir),
                message: `modules/${name} imports only modules of lower layers (docs/decisions/034-module-layers.md).`,
              },
            ]
          : []),
        // Outside a module only its public file is seen (apps/server/test may reach further).
        {
          target: outside,
          from: dir(name),
          except: ['./index.ts'],
          message: `Import modules/${name} through its public file, modules/${name}/index.ts.`,
        },
        // Inside, files import each other directly: through index.ts they would import themselves.
        {
          target: dir(name),
          from: `${dir(name)}/index.ts`,
          message: `Files of modules/${name} import each other directly, not through its index.ts.`,
        },
      ];
    }),
  ];
}
