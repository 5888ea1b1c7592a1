import { describe, expect, it } from 'vitest';
import { archiveEntryNames } from './archive-names.ts';

describe('batch archive names', () => {
  it('names ZIP entries after the inputs, with the result’s extension, unique', () => {
    const one = (inputName: string, mediaType = 'image/png') => ({ inputName, outputs: [{ mediaType }] });
    expect(
      archiveEntryNames([
        one('shoe.jpg'),
        one('shoe.png'),
        one('Shoe.webp'),
        one('logo.front.jpeg', 'image/svg+xml'),
        one('photo', 'image/jpeg'),
        one('.png', 'image/webp'),
        one('C:\\photos\\a:b?.png'),
        { inputName: 'bag.jpg', outputs: [{ mediaType: 'image/png' }, { mediaType: 'image/png' }] },
      ]),
    ).toEqual([
      'shoe.png',
      'shoe (2).png',
      'Shoe (3).png',
      'logo.front.svg',
      'photo.jpg',
      '.png.webp',
      'a_b_.png',
      'bag-1.png',
      'bag-2.png',
    ]);
  });
});
