import type { ToolId } from '@atelier/contracts';
import { clsx } from 'clsx';
import {
  Brush,
  Eraser,
  Layers,
  type LucideIcon,
  Maximize2,
  Palette,
  PenTool,
  Repeat2,
  Scissors,
  Sparkles,
  Spline,
  WandSparkles,
} from 'lucide-react';

const ICONS: Record<ToolId, LucideIcon> = {
  'image-generation': Sparkles,
  'vector-generation': PenTool,
  'style-creation': Palette,
  'image-to-image': Repeat2,
  inpainting: Brush,
  'background-removal': Scissors,
  vectorization: Spline,
  'image-upscale': Maximize2,
  'ai-eraser': Eraser,
  'ai-photo-editor': WandSparkles,
  'replace-background': Layers,
};

/** The tool's icon; decorative, since the tool's name always sits beside it. */
export function ToolIcon({ id, className }: { id: ToolId; className?: string }) {
  const Icon = ICONS[id];
  return <Icon aria-hidden="true" className={className} />;
}

const BADGE_SIZES = {
  sm: { box: 'size-8 rounded-lg', icon: 'size-4' },
  md: { box: 'size-10 rounded-lg', icon: 'size-5' },
  lg: { box: 'size-12 rounded-xl', icon: 'size-6' },
} as const;

/** The tool's icon on its tinted square, as menus, lists and the tool page show it. */
export function ToolIconBadge({
  id,
  size,
  className,
}: {
  id: ToolId;
  size: keyof typeof BADGE_SIZES;
  className?: string;
}) {
  return (
    <span
      className={clsx(
        'flex shrink-0 items-center justify-center bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300',
        BADGE_SIZES[size].box,
        className,
      )}
    >
      <ToolIcon id={id} className={BADGE_SIZES[size].icon} />
    </span>
  );
}
