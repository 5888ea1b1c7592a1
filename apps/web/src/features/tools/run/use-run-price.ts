import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/index.ts';
import { runIsDemo, type useToolInfo } from '../api/use-tool-catalogue.ts';
import { batchCost } from '../batch/batch-plan.ts';
import type { OptionValues, ToolPageDefinition } from '../definitions/tool-definitions.ts';
import { type FileRefusal, refusalText } from '../intake/use-image-intake.ts';
import { costOf, imageCount } from './run-inputs.ts';

/**
 * What the next run (or batch of `inputs` images) costs, and why Run is disabled if it is:
 * signed out, an input refused, too few credits. A run the demo engine makes is free, and the
 * page says so before it starts.
 */
export function useRunPrice({
  definition,
  info,
  options,
  inputs,
  credits,
  refusal,
}: {
  definition: ToolPageDefinition;
  info: ReturnType<typeof useToolInfo>;
  options: OptionValues;
  /** Images in the batch; 0 on the single-image page. */
  inputs: number;
  credits: number | undefined;
  refusal: FileRefusal | undefined;
}) {
  const { t } = useTranslation('tool-run');
  const session = useSession();
  const demo = runIsDemo(info, options);
  const plan = inputs > 0 ? batchCost(definition.id, imageCount(options), inputs, credits, demo) : null;
  const cost = plan?.total ?? costOf(definition, options, demo);
  const shortOfCredits = credits !== undefined && credits < cost;
  const blocked =
    session.status !== 'signed-in'
      ? t('validation.logIn')
      : refusal
        ? refusalText(t, refusal)
        : shortOfCredits
          ? t(`credits.insufficient.${definition.insufficientMessage}`, { count: cost })
          : null;
  return { demo, plan, cost, blocked };
}
