import { type DragEvent, useState } from 'react';

/** The stage's frame: full-bleed on a phone, a rounded card from `sm`, the viewport's height from `lg`. */
export const STAGE_FRAME_CLASS =
  '-mx-4 flex scroll-mt-20 flex-col overflow-hidden border-y border-zinc-200 bg-white sm:mx-0 sm:rounded-2xl sm:border-x lg:h-full lg:min-h-0 dark:border-zinc-800 dark:bg-zinc-900';

/** The checkerboard behind images, so transparency shows. */
export const CHECKERBOARD =
  'bg-[repeating-conic-gradient(#e4e4e7_0%_25%,#fff_0%_50%)] dark:bg-[repeating-conic-gradient(#3f3f46_0%_25%,#27272a_0%_50%)]';

/**
 * Files dropped on a stage (a pointer shortcut: the panel's file input is the way for
 * everyone): the handlers for the drop area, and whether something is being dragged over it.
 */
export function useFileDrop(enabled: boolean, onFiles: (files: File[]) => void) {
  const [dropping, setDropping] = useState(false);
  return {
    dropping,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!enabled) return;
        event.preventDefault();
        setDropping(true);
      },
      onDragLeave: (event: DragEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
      },
      onDrop: enabled
        ? (event: DragEvent) => {
            event.preventDefault();
            setDropping(false);
            onFiles([...event.dataTransfer.files]);
          }
        : undefined,
    },
  };
}

/** Over the stage while files are dragged onto it. */
export function DropOverlay({ label }: { label: string }) {
  return (
    <div className="pointer-events-none absolute inset-2 z-20 flex items-center justify-center rounded-xl border-2 border-dashed border-brand-500 bg-brand-50/80 text-sm font-medium text-brand-800 dark:bg-brand-950/70 dark:text-brand-200">
      {label}
    </div>
  );
}
