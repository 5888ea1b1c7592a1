import { GALLERY_MAX_COLUMNS, GALLERY_SERVER_ROWS, GALLERY_SKELETON_COUNT } from '@atelier/contracts';
import { clsx } from 'clsx';
import { memo, type ReactNode, type Ref, Suspense } from 'react';
import { useRenderHints } from '../../app/render-hints.ts';
import { COLUMN_BREAKPOINTS, columnCountFor, type Sized, splitIntoColumns } from './masonry.ts';
import { useColumnCount } from './use-column-count.ts';
import { useRevealedCount } from './use-revealed-count.ts';

/**
 * Masonry of 1–5 columns: items are dealt to the shortest column by their known aspect ratio.
 * `renderItem` gets a ref for the last item of the list (the infinite-scroll trigger).
 */
export function MasonryGrid<T extends Sized & { id: string }>({
  items,
  renderItem,
  lastItemRef,
  label,
}: {
  items: readonly T[];
  renderItem: (item: T, ref: Ref<HTMLElement> | undefined) => ReactNode;
  lastItemRef?: Ref<HTMLElement>;
  label?: string;
}) {
  const known = useColumnCount();
  const revealed = useRevealedCount(items.length, known);
  const lastId = items.at(-1)?.id;
  // Viewport unknown (server-rendered HTML): every layout, CSS showing the one that fits, so
  // the first paint already has the final layout. Once the browser knows, only that one stays
  // (same key: its elements are kept, nothing moves).
  // A phone gets the layouts of phone widths (portrait and landscape): the HTML of five was
  // heavy for it to parse. The widest of those stands in for any wider screen until hydrated.
  const layouts = useRenderHints().mobile ? PHONE_COLUMN_COUNTS : COLUMN_COUNTS;
  const counts = known === null ? layouts : [known];
  return counts.map((count) => {
    const className = clsx(
      'flex items-start gap-4',
      known === null && [HIDDEN_BELOW[count], count !== layouts.at(-1) && HIDDEN_FROM[count]],
    );
    // Each layout a Suspense boundary: React hydrates them as units of its own, in the
    // background, and the layouts not on screen go with the first render after.
    return (
      <Suspense key={count} fallback={null}>
        <section aria-label={label} className={className}>
          {splitIntoColumns(items.slice(0, known === null ? count * GALLERY_SERVER_ROWS : revealed), count).map(
            (column, i) => (
              // Columns are positions, not identities: the index is the right key.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <div key={i} className="flex min-w-0 flex-1 flex-col gap-4">
                {column.map((item) => (
                  <MasonryCell
                    key={item.id}
                    item={item}
                    render={renderItem}
                    itemRef={known !== null && item.id === lastId ? lastItemRef : undefined}
                  />
                ))}
              </div>
            ),
          )}
        </section>
      </Suspense>
    );
  });
}

/**
 * One card's place. Memoised: when the grid renders again for its own reasons (more cards
 * revealed, a breakpoint crossed) the cards already there are not rendered again; when the
 * grid's owner renders, `render` is a new function and they are.
 */
interface CellProps<T> {
  item: T;
  render: (item: T, ref: Ref<HTMLElement> | undefined) => ReactNode;
  itemRef: Ref<HTMLElement> | undefined;
}
function Cell<T>({ item, render, itemRef }: CellProps<T>) {
  return <div>{render(item, itemRef)}</div>;
}
const MasonryCell = memo(Cell) as typeof Cell;

/**
 * Where each column count applies: from its breakpoint up to the next one's (masonry.ts:
 * Tailwind's sm, md, lg, xl). The widest layout sent has no upper bound.
 */
const HIDDEN_BELOW: Record<number, string> = {
  1: '',
  2: 'max-sm:hidden',
  3: 'max-md:hidden',
  4: 'max-lg:hidden',
  5: 'max-xl:hidden',
};
const HIDDEN_FROM: Record<number, string> = { 1: 'sm:hidden', 2: 'md:hidden', 3: 'lg:hidden', 4: 'xl:hidden', 5: '' };
const COLUMN_COUNTS = Array.from({ length: GALLERY_MAX_COLUMNS }, (_, i) => i + 1);
/** Phones, portrait and landscape (up to Tailwind's lg). */
const PHONE_COLUMN_COUNTS = COLUMN_COUNTS.filter((count) => count <= columnCountFor(COLUMN_BREAKPOINTS[2] - 1));

/** Shapes of the loading placeholders, so the skeleton already looks like a masonry. */
const SKELETON_SHAPES = [
  [4, 5],
  [1, 1],
  [3, 4],
  [4, 3],
  [2, 3],
  [1, 1],
  [16, 9],
  [3, 4],
] as const;
const SKELETONS = Array.from({ length: GALLERY_SKELETON_COUNT }, (_, i) => {
  const [width, height] = SKELETON_SHAPES[i % SKELETON_SHAPES.length]!;
  return { id: `skeleton-${i}`, width, height };
});

/**
 * The 8 placeholder cards shown while the first page loads, shaped like ArtworkCard (picture,
 * then the tool's name, two lines of prompt and the footer row) so the cards take their
 * place without moving what is around them.
 */
export function MasonrySkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} aria-busy="true">
      <MasonryGrid
        items={SKELETONS}
        renderItem={(shape) => (
          <div
            data-testid="artwork-skeleton"
            className="animate-pulse overflow-hidden rounded-2xl border border-zinc-200 dark:border-zinc-800"
          >
            <div className="bg-zinc-200 dark:bg-zinc-800" style={{ aspectRatio: `${shape.width} / ${shape.height}` }} />
            <div className="flex flex-col gap-2 p-3" aria-hidden="true">
              <div className="h-5 w-1/2 rounded bg-zinc-200 dark:bg-zinc-800" />
              <div className="h-10 rounded bg-zinc-100 dark:bg-zinc-900" />
              <div className="h-7 w-16 rounded-full bg-zinc-100 dark:bg-zinc-900" />
            </div>
          </div>
        )}
      />
    </div>
  );
}
