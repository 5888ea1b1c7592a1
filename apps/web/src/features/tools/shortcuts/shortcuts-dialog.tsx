import { lazy, Suspense } from 'react';

const ShortcutsPanel = lazy(() => import('./shortcuts-panel.tsx'));

export interface ShortcutsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  withMask: boolean;
}

/**
 * The list of the tool page's shortcuts ("?"), grouped, in the user's language; mask keys only
 * where there is a mask. Closed, it renders nothing, and its code (Radix's dialog) and tens of
 * texts load and are made when it first opens, not with the tool page.
 */
export function ShortcutsDialog(props: ShortcutsDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsPanel {...props} />
    </Suspense>
  );
}
