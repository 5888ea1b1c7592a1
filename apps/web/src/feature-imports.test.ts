import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { crossFeatureProblem, featureImportProblems } from '../../../scripts/check-feature-imports.ts';

describe('imports between features', () => {
  it('lets a feature use its own files, and another feature only through its index.ts', () => {
    expect(crossFeatureProblem('features/tools/tool-page.tsx', 'features/tools/stage/tool-stage.tsx')).toBeNull();
    expect(crossFeatureProblem('features/history/history-page.tsx', 'features/teams/index.ts')).toBeNull();
    expect(crossFeatureProblem('features/history/history-page.tsx', 'features/teams/workspace-team.ts')).toMatch(
      /use features\/teams\/index\.ts/,
    );
    expect(crossFeatureProblem('features/tools/run/use-run-price.ts', 'features/auth/use-session.ts')).not.toBeNull();
  });

  it('keeps components/ and lib/ below every feature and the app layer; the app layer composes freely', () => {
    expect(crossFeatureProblem('components/site-header.tsx', 'features/auth/use-session.ts')).toMatch(
      /import no feature/,
    );
    expect(crossFeatureProblem('lib/use-sign-out.ts', 'features/auth/index.ts')).toMatch(/import no feature/);
    expect(crossFeatureProblem('components/ui/menu.tsx', 'app/require-admin.tsx')).toMatch(/not the app layer/);
    expect(crossFeatureProblem('components/demo-badge.tsx', 'components/ui/button-styles.ts')).toBeNull();
    expect(crossFeatureProblem('lib/notify.ts', 'lib/api-client.ts')).toBeNull();
    expect(crossFeatureProblem('app/layout/site-header.tsx', 'features/auth/index.ts')).toBeNull();
    expect(crossFeatureProblem('app/require-admin.tsx', 'features/auth/use-session.ts')).toBeNull();
    expect(crossFeatureProblem('entry-server.tsx', 'features/tools/api/tools-api.ts')).toBeNull();
    expect(crossFeatureProblem('features/tools/tool-page.tsx', 'lib/tool-href.ts')).toBeNull();
  });

  it('holds in the web app today', () => {
    expect(featureImportProblems(path.resolve(import.meta.dirname, '.'))).toEqual([]);
  });
});
