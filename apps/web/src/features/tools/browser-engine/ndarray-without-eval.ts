/**
 * The part of `ndarray` that @imgly/background-removal uses — `ndarray(data, shape)`, `.data`,
 * `.shape`, `.get(...)`, `.set(..., value)` — without compiling code at run time. The real
 * package builds its accessors with `new Function`, which Atelier's Content-Security-Policy
 * (no 'unsafe-eval') refuses; the build aliases `ndarray` to this file
 * (apps/web/build/background-removal-assets.ts). Row-major strides, as the library's tensors are.
 */
type Data = { [index: number]: number; length: number };

export interface NdArray {
  data: Data;
  shape: number[];
  stride: number[];
  offset: number;
  dimension: number;
  size: number;
  index: (...indices: number[]) => number;
  get: (...indices: number[]) => number;
  set: (...indicesAndValue: number[]) => number;
}

export default function ndarray(data: Data, shape: number[] = [data.length], stride?: number[], offset = 0): NdArray {
  const strides = stride ?? rowMajorStrides(shape);
  const [s0 = 0, s1 = 0, s2 = 0, s3 = 0] = strides;
  // Fixed-arity accessors for the ranks the library uses (2–4): these run per pixel and channel.
  const index =
    shape.length === 3
      ? (i: number, j: number, k: number) => offset + i * s0 + j * s1 + k * s2
      : shape.length === 4
        ? (i: number, j: number, k: number, l: number) => offset + i * s0 + j * s1 + k * s2 + l * s3
        : (...indices: number[]) => indices.reduce((at, n, d) => at + n * (strides[d] ?? 0), offset);
  const at = index as (...indices: number[]) => number;
  return {
    data,
    shape,
    stride: strides,
    offset,
    dimension: shape.length,
    size: shape.reduce((a, b) => a * b, 1),
    index: at,
    get: (...indices) => data[at(...indices)] ?? 0,
    set: (...indicesAndValue) => {
      const value = indicesAndValue.pop() ?? 0;
      data[at(...indicesAndValue)] = value;
      return value;
    },
  };
}

function rowMajorStrides(shape: number[]): number[] {
  const strides = new Array<number>(shape.length);
  let step = 1;
  for (let d = shape.length - 1; d >= 0; d--) {
    strides[d] = step;
    step *= shape[d] ?? 1;
  }
  return strides;
}
