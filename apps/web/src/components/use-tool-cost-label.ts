import type { ToolDefinition } from '@atelier/contracts';
import { useTranslation } from 'react-i18next';

/** "1 credit", "3 credits" or "1 credit per image", from the catalogue in contracts. */
export function useToolCostLabel(): (tool: ToolDefinition) => string {
  const { t } = useTranslation('tools');
  return (tool) => t(tool.perImage ? 'costPerImage' : 'cost', { count: tool.credits });
}
