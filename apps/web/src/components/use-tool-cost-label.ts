import type { ToolDefinition } from '@atelier/contracts';
import { useTranslation } from 'react-i18next';

/**
 * "1 credit", "3 credits" or "1 credit per image", from the catalogue in contracts; "Free" for a
 * tool the demo engine serves (its runs cost nothing).
 */
export function useToolCostLabel(): (tool: ToolDefinition, demo?: boolean) => string {
  const { t } = useTranslation('tools');
  return (tool, demo = false) =>
    demo ? t('free') : t(tool.perImage ? 'costPerImage' : 'cost', { count: tool.credits });
}
