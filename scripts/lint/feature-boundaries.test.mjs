import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

import { boundaryViolation, featureBoundaries } from './feature-boundaries.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const src = path.join(repo, 'apps/web/src');

describe('boundaryViolation', () => {
  it.each([
    ['features/projects/routes/projects.tsx', 'features/billing/billing-page', 'features/projects imports features/billing'],
    ['features/billing/billing-page.tsx', 'features/auth/components/account-menu', 'features/billing imports features/auth'],
    ['features/analytics/api/dashboard.test.tsx', 'app/provider', 'features/analytics imports src/app'],
    ['lib/session/auth-provider.tsx', 'features/auth/messages', 'lib imports features/auth'],
    ['components/ui/toaster.tsx', 'app/themed-toaster', 'components imports src/app'],
  ])('%s may not import %s', (source, target, reason) => {
    expect(boundaryViolation(source, target)).toMatch(reason);
  });

  it.each([
    ['features/projects/routes/projects.tsx', 'features/projects/api/get-projects'],
    ['features/projects/routes/projects.tsx', 'lib/session/auth-context'],
    ['features/projects/routes/projects.tsx', 'components/ui/button'],
    ['features/projects/routes/projects.tsx', 'config/paths'],
    ['features/projects/routes/projects.tsx', 'hooks/use-view-params'],
    ['features/projects/routes/projects.tsx', 'utils/cn'],
    ['features/projects/routes/projects.test.tsx', 'testing/render-page'],
    ['app/router.tsx', 'features/billing/billing-page'],
    ['testing/render-route.tsx', 'app/router'],
    ['lib/notify.test.tsx', 'app/provider'],
    ['lib/session/auth-provider.tsx', 'lib/api-client'],
  ])('%s may import %s', (source, target) => {
    expect(boundaryViolation(source, target)).toBeNull();
  });
});

describe('the lint configuration (eslint.config.js)', () => {
  // The repository's own configuration, without type information: the boundary rule reads import
  // paths only, and building the web app's TypeScript program for one fixture cost about 8 s of CPU
  // (ADR 018). Every other rule and file pattern of eslint.config.js stays as it is.
  const eslint = new ESLint({
    cwd: repo,
    overrideConfigFile: path.join(repo, 'eslint.config.js'),
    overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }],
  });
  // The fixture text is linted as if it were an existing feature file, so the configuration's file
  // patterns decide which rules apply to it.
  const featureFile = 'apps/web/src/features/projects/components/project-settings.tsx';
  const boundaryErrors = async (text, filePath) => {
    const [result] = await eslint.lintText(text, { filePath: path.join(repo, filePath) });
    expect(result.messages.filter((message) => message.fatal)).toEqual([]);
    return result.messages.filter((message) => message.ruleId === 'questboard/feature-boundaries').map((message) => message.message);
  };

  it('fails a feature importing another feature, statically or lazily, and a feature importing app/', async () => {
    const text = [
      "import { BillingPage } from '../../billing/billing-page';",
      "import { routes } from '../../../app/router';",
      'export const pages = [BillingPage, routes];',
      "export const lazyPage = () => import('../../developer/developer-page');",
      '',
    ].join('\n');
    expect(await boundaryErrors(text, featureFile)).toEqual([
      'features/projects imports features/billing: features never import each other; compose them in src/app.',
      'features/projects imports src/app: app composes features, not the other way round.',
      'features/projects imports features/developer: features never import each other; compose them in src/app.',
    ]);
  }, 60_000);

  it('passes a feature importing its own files, lib, components, config and packages/shared', async () => {
    const text = [
      "import { createOrganisationBodySchema } from '@questboard/shared/organisations';",
      "import { Button } from '../../../components/ui/button';",
      "import { paths } from '../../../config/paths';",
      "import { useAuth } from '../../../lib/session/auth-context';",
      "import { projectKeys } from '../api/project-keys';",
      'export const used = [createOrganisationBodySchema, Button, paths, useAuth, projectKeys];',
      '',
    ].join('\n');
    expect(await boundaryErrors(text, featureFile)).toEqual([]);
  }, 60_000);
});

describe('the web app as it stands', () => {
  it('keeps every boundary', async () => {
    // Only this rule, without type information: quick enough to walk the whole app.
    const eslint = new ESLint({
      cwd: repo,
      // The files' own eslint-disable comments name rules this bare configuration lacks.
      allowInlineConfig: false,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.{ts,tsx}'],
          languageOptions: { parser: tseslint.parser },
          plugins: { questboard: { rules: { 'feature-boundaries': featureBoundaries } } },
          rules: { 'questboard/feature-boundaries': ['error', { root: src }] },
        },
      ],
    });
    const results = await eslint.lintFiles([src]);
    const problems = results.flatMap((result) =>
      result.messages.map((message) => `${path.relative(src, result.filePath)}: ${message.message}`),
    );
    expect(problems).toEqual([]);
    expect(results.length).toBeGreaterThan(300);
  }, 60_000);
});
