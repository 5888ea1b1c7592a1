import { createRequire } from 'node:module';

/** The part of OpenCV.js that Atelier uses (the package's own types need `mirada`). */
export interface Mat {
  delete(): void;
  data: Uint8Array;
}
export interface OpenCv {
  Mat: new () => Mat;
  matFromArray(rows: number, cols: number, type: number, data: ArrayLike<number>): Mat;
  inpaint(src: Mat, mask: Mat, dst: Mat, radius: number, flags: number): void;
  CV_8UC1: number;
  CV_8UC3: number;
  INPAINT_TELEA: number;
}

const POLL_MS = 20;
const LOAD_TIMEOUT_MS = 60_000;

let cv: OpenCv | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads OpenCV.js (wasm, ~10 MB) once per process. The module object is a thenable while its
 * runtime initialises, so awaiting it — or returning it from an async function — hangs
 * (it resolves to itself): we poll for `cv.Mat` instead and hand the module out synchronously.
 */
export function loadOpenCv(): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const module = createRequire(import.meta.url)('@techstark/opencv-js') as Partial<OpenCv>;
    const started = Date.now();
    const poll = () => {
      if (module.Mat) {
        cv = module as OpenCv;
        resolve();
      } else if (Date.now() - started > LOAD_TIMEOUT_MS) reject(new Error('OpenCV.js did not initialise'));
      else setTimeout(poll, POLL_MS);
    };
    poll();
  });
  return loading;
}

/** The loaded module; call after `await loadOpenCv()`. */
export function openCv(): OpenCv {
  if (!cv) throw new Error('OpenCV.js is not loaded');
  return cv;
}
