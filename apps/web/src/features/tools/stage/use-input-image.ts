import { useEffect, useState } from 'react';
import { imageSize } from '../intake/check-image-file.ts';
import type { InputImage } from './stage-show.ts';

/** The input with its own size, read before it is drawn, so the stage fits it without a jump. */
export function useInputImage(file: File | null, url: string | null): InputImage | null {
  const [input, setInput] = useState<InputImage | null>(null);
  useEffect(() => {
    if (!file || !url) {
      setInput(null);
      return;
    }
    let current = true;
    imageSize(file).then(
      (size) => current && setInput({ url, name: file.name, ...size }),
      () => current && setInput(null),
    );
    return () => {
      current = false;
    };
  }, [file, url]);
  return input;
}
