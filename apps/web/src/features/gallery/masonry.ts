import { GALLERY_MAX_COLUMNS } from '@atelier/contracts';

/**
 * Minimum viewport widths (px) for 2, 3, 4 and 5 columns — Tailwind's sm, md, lg and xl, so
 * the grid changes where the rest of the layout does. Below the first: one column.
 */
export const COLUMN_BREAKPOINTS = [640, 768, 1024, 1280] as const;

export function columnCountFor(viewportWidth: number): number {
  const count = 1 + COLUMN_BREAKPOINTS.filter((min) => viewportWidth >= min).length;
  return Math.min(count, GALLERY_MAX_COLUMNS);
}

export interface Sized {
  width: number;
  height: number;
}

/**
 * Deals items into columns, each to the column that is shortest so far (heights relative to
 * the column width, known from the image sizes before any image loads). The order of the list
 * is kept as reading order across the top, and appending a page never moves earlier items.
 */
export function splitIntoColumns<T extends Sized>(items: readonly T[], columnCount: number): T[][] {
  const columns: T[][] = Array.from({ length: columnCount }, () => []);
  const heights = new Array<number>(columnCount).fill(0);
  for (const item of items) {
    const shortest = heights.indexOf(Math.min(...heights));
    columns[shortest]!.push(item);
    heights[shortest]! += item.width > 0 ? item.height / item.width : 1;
  }
  return columns;
}
