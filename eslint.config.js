// Lint rules for the whole workspace: typescript-eslint strict everywhere,
// React hooks, accessibility and "no literal text in JSX" for the web app,
// kebab-case file names, no import cycles, and the one-way imports of the
// layout (see CONTRIBUTING.md):
//   web:    app -> features -> shared -> packages/domain, no feature importing another;
//   server: composition files (app.ts, main.ts, ...) -> ops (tools) -> modules
//           -> kernel (src/platform/) -> packages/domain, a module or a tool
//           reaching a module only through its public file (index.ts); the
//           kernel's folders are floors, each importing only the ones below it:
//           errors, config, calendar, tracing, db, http, jobs, metrics, mail,
//           files, geocoding, users, access, identity, context (SERVER_FLOORS).
//   packages/domain and packages/client import nothing of the apps.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import i18next from 'eslint-plugin-i18next';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB_FEATURES = 'apps/web/src/features';
const SERVER = 'apps/server/src';
const SERVER_MODULES = `${SERVER}/modules`;
/** The server's composition files at the top of src/ (app.ts, main.ts, bootstrap.ts, ...). */
const SERVER_COMPOSITION = readdirSync(SERVER)
  .filter((name) => name.endsWith('.ts'))
  .map((name) => `${SERVER}/${name}`);
const foldersOf = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * The floors of the server, bottom to top: each imports only from the floors
 * below it (and itself). The kernel is src/platform/; above it the modules,
 * the tools (ops/) and the composition files at the top of src/.
 */
const SERVER_FLOORS = [
  'platform/errors.ts',
  'platform/config',
  'platform/calendar.ts',
  'platform/tracing',
  'platform/db',
  'platform/http',
  'platform/jobs',
  'platform/metrics',
  'platform/mail',
  'platform/files',
  'platform/geocoding',
  'platform/users',
  'platform/access',
  'platform/identity',
  'platform/idempotency',
  ['platform/context.ts', 'platform/define-job.ts'],
  'modules',
  'ops',
];

/** One zone per floor: it imports nothing of the floors above it. */
function serverFloorZones() {
  const paths = (floor) => [floor].flat().map((part) => `${SERVER}/${part}`);
  return SERVER_FLOORS.slice(0, -1).map((floor, index) => {
    const above = SERVER_FLOORS.slice(index + 1);
    const names = (floors) => floors.flat().join(', ');
    return {
      target: paths(floor),
      from: [...above.flatMap(paths), ...SERVER_COMPOSITION],
      message: `${names([floor])} stands below ${names(above)} and the composition files: it imports none of them (the floors: eslint.config.js, SERVER_FLOORS).`,
    };
  });
}

/** Each web feature imports no other feature; each server module others' public files only. */
const boundaryZones = [
  {
    target: 'packages/domain',
    from: 'apps',
    message: 'The domain package stands alone: it imports nothing of the apps.',
  },
  {
    target: 'packages/client',
    from: ['apps', 'packages/domain'],
    message:
      "The client package stands alone: its types are generated from the server's document, it imports nothing of the apps or the domain.",
  },
  {
    target: 'apps/web/src/shared',
    from: ['apps/web/src/features', 'apps/web/src/app'],
    message: 'shared/ is below the features and the app: move what both need into shared/.',
  },
  {
    target: WEB_FEATURES,
    from: 'apps/web/src/app',
    message:
      'A feature does not import the app shell; pass what it needs in, or move it to shared/.',
  },
  ...foldersOf(WEB_FEATURES).map((feature) => ({
    target: `${WEB_FEATURES}/${feature}`,
    from: WEB_FEATURES,
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what both need into shared/.',
  })),
  ...serverFloorZones(),
  {
    target: 'apps/server/src/ops',
    from: SERVER_COMPOSITION,
    message:
      "The tools (ops/) stand below the server's composition files (app.ts, bootstrap.ts, ...): pass in what they need of it.",
  },
  {
    target: 'apps/server/src/ops',
    from: SERVER_MODULES,
    except: foldersOf(SERVER_MODULES).map((module) => `./${module}/index.ts`),
    message: 'The tools (ops/) reach a module only through its public file (index.ts).',
  },
  ...foldersOf(SERVER_MODULES).map((module, _index, modules) => ({
    target: `${SERVER_MODULES}/${module}`,
    from: SERVER_MODULES,
    except: [
      `./${module}`,
      ...modules.filter((other) => other !== module).map((other) => `./${other}/index.ts`),
    ],
    message:
      'A module reaches another one only through its public file (index.ts); move what several share into the kernel (src/platform/).',
  })),
];

/** Mantine's form controls, seen by the accessibility rules as the elements they render. */
const FORM_CONTROLS = {
  TextInput: 'input',
  PasswordInput: 'input',
  NumberInput: 'input',
  Checkbox: 'input',
  Switch: 'input',
  Radio: 'input',
  FileInput: 'input',
  ColorInput: 'input',
  DateInput: 'input',
  DateTimePicker: 'input',
  DatePickerInput: 'input',
  Autocomplete: 'input',
  TagsInput: 'input',
  Textarea: 'textarea',
  Select: 'select',
  MultiSelect: 'select',
  NativeSelect: 'select',
};

/** strictTypeChecked's rules, where the product's code has a reason to differ. */
const typeCheckedRules = {
  // A number in a text is written as JavaScript writes it; anything else is made a text on purpose.
  '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
  // `onClick={() => setOpen(false)}`: an arrow's short body returns nothing anyone reads.
  '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
  // Async functions that fulfil a promise-returning contract (Fastify plugins and hooks,
  // store interfaces) have no await of their own; no-floating-promises and
  // no-misused-promises catch the forgotten awaits this rule is after.
  '@typescript-eslint/require-await': 'off',
  // Passing on a rejection received (an abort's reason, a failed promise's error) as it is.
  '@typescript-eslint/prefer-promise-reject-errors': [
    'error',
    { allowThrowingAny: true, allowThrowingUnknown: true },
  ],
  // React Router's loaders end a navigation by throwing what redirect() and data() return.
  '@typescript-eslint/only-throw-error': [
    'error',
    {
      allow: [
        { from: 'lib', name: 'Response' },
        { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
      ],
      allowRethrowing: true,
    },
  ],
};

export default defineConfig(
  {
    ignores: [
      '**/dist/**',
      '**/dist-types/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      // Generated files, named `*.generated.ts` (the API's types, written by
      // `npm run api:types` from the server's OpenAPI document): neither their
      // style nor their length is ours.
      '**/*.generated.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.strict,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Type-aware: the product's sources (their unit tests included) are linted with
    // the type checker, each file against the tsconfig.json nearest to it.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['packages/domain/src/**/*.test.ts'],
    extends: [tseslint.configs.strictTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: typeCheckedRules,
  },
  {
    // The domain package's build tsconfig leaves its tests out: they have their own.
    files: ['packages/domain/src/**/*.test.ts'],
    extends: [tseslint.configs.strictTypeChecked],
    languageOptions: {
      parserOptions: {
        project: 'packages/domain/tsconfig.test.json',
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: typeCheckedRules,
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'apps/web/tsconfig.json',
            'apps/server/tsconfig.json',
            'apps/server/test/tsconfig.json',
            'packages/domain/tsconfig.json',
            'packages/client/tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { 'apps/*/src/**/': 'KEBAB_CASE', 'packages/*/src/**/': 'KEBAB_CASE' },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}', 'apps/server/**/*.ts', 'scripts/**'],
    languageOptions: { globals: globals.node },
  },
  {
    // More than three parameters become one options object: `answer({ db, user, access, id })`.
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'max-params': 'off',
      '@typescript-eslint/max-params': ['error', { max: 3 }],
    },
  },
  {
    // A source file stays under 400 lines: a longer one splits along what it does
    // (campaigns' answers.ts beside service.ts). Tests are read case by case and may run
    // longer; a generated file (`*.generated.ts`) is as long as what it is made from.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'scripts/**/*.mjs'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.generated.ts'],
    rules: {
      'max-lines': ['error', { max: 400 }],
    },
  },
  {
    // Every browser journey runs under the fixtures' `test`, which fails it on a CSP violation.
    files: ['apps/web/e2e/**/*.ts'],
    ignores: ['apps/web/e2e/fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import test from './fixtures': it fails a test on any CSP violation.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    ...jsxA11y.configs.recommended,
    settings: { 'jsx-a11y-x': { components: FORM_CONTROLS } },
    rules: {
      ...jsxA11y.configs.recommended.rules,
      // Every form control is named: by its label, aria-label or aria-labelledby.
      'jsx-a11y-x/control-has-associated-label': [
        'error',
        {
          labelAttributes: ['label', 'aria-label', 'aria-labelledby', 'title'],
          controlComponents: Object.keys(FORM_CONTROLS),
          ignoreElements: ['audio', 'canvas', 'embed', 'td', 'th', 'tr', 'video', 'button', 'a'],
          depth: 3,
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    plugins: { i18next },
    rules: {
      // Visible text comes from the catalogues: JSX text and the attributes people read.
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: ['^(label|placeholder|title|alt|aria-label|description|error|tooltip)$'],
          },
          // Calls whose strings are keys, not text: the plugin's defaults, and
          // @mantine/form's field paths (form.getInputProps('name'), ...).
          callees: {
            exclude: [
              'i18n(ext)?',
              't',
              'require',
              'addEventListener',
              'removeEventListener',
              'postMessage',
              'getElementById',
              'dispatch',
              'commit',
              'includes',
              'indexOf',
              'endsWith',
              'startsWith',
              'getInputProps',
              'setFieldValue',
              'setFieldError',
              'insertListItem',
              'removeListItem',
            ],
          },
        },
      ],
    },
  },
);
