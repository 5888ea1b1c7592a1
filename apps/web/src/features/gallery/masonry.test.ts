import { describe, expect, it } from 'vitest';
import { columnCountFor, splitIntoColumns } from './masonry.ts';

describe('masonry', () => {
  it('uses 1 to 5 columns by viewport width', () => {
    expect([320, 640, 800, 1100, 1280, 2560].map(columnCountFor)).toEqual([1, 2, 3, 4, 5, 5]);
  });

  it('puts each item in the shortest column, and appending never moves earlier items', () => {
    const tall = { id: 'tall', width: 100, height: 300 };
    const square = (id: string) => ({ id, width: 100, height: 100 });
    const first = [tall, square('a'), square('b'), square('c')];
    const ids = (columns: { id: string }[][]) => columns.map((c) => c.map((i) => i.id));
    expect(ids(splitIntoColumns(first, 2))).toEqual([['tall'], ['a', 'b', 'c']]);
    const more = [...first, square('d'), square('e')];
    expect(ids(splitIntoColumns(more, 2))).toEqual([
      ['tall', 'd'],
      ['a', 'b', 'c', 'e'],
    ]);
  });
});
