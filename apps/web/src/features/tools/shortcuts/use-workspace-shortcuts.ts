import type { MaskPainter } from '../mask/use-mask-painter.ts';
import { useShortcuts } from './use-shortcuts.ts';

/**
 * The tool page's keys: run and help always; the mask painter's brush, eraser, sizes, undo,
 * redo and clear while the mask can be edited (each brings the input back on the stage).
 */
export function useWorkspaceShortcuts({
  run,
  help,
  painter,
  maskEditing,
  editMask,
}: {
  run: () => void;
  help: () => void;
  painter: MaskPainter;
  maskEditing: boolean;
  editMask: () => void;
}) {
  const onMask = (action: () => void) => () => {
    action();
    editMask();
  };
  useShortcuts({
    run,
    help,
    ...(maskEditing
      ? {
          brush: onMask(() => painter.setErase(false)),
          eraser: onMask(() => painter.setErase(true)),
          smallerBrush: onMask(painter.smaller),
          largerBrush: onMask(painter.larger),
          undo: onMask(painter.undo),
          redo: onMask(painter.redo),
          clearMask: onMask(painter.clear),
        }
      : {}),
  });
}
