import { onnxProtobuf } from '../onnx-protobuf.ts';

/** ONNX TensorProto data types we convert between. */
const FLOAT = 1;
const FLOAT16 = 10;

/** The parts of ONNX's protobuf messages the conversion touches. */
interface TensorProto {
  dataType: number;
  rawData?: Uint8Array | null;
  int32Data?: number[];
}
interface ModelProto {
  graph: {
    initializer: TensorProto[];
    node: {
      opType: string;
      attribute: { name: string; i?: number | { toNumber(): number } | null; t?: TensorProto | null }[];
    }[];
    valueInfo: { type?: { tensorType?: { elemType: number } | null } | null }[];
    input: ModelProto['graph']['valueInfo'];
    output: ModelProto['graph']['valueInfo'];
  };
}

function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h & 0x7c00) >> 10;
  const fraction = h & 0x03ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 31) return fraction ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

function toFloat(tensor: TensorProto): void {
  if (tensor.dataType !== FLOAT16) return;
  const raw = tensor.rawData?.length ? tensor.rawData : null;
  const halves = raw
    ? new Uint16Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength))
    : Uint16Array.from(tensor.int32Data ?? []);
  const floats = new Float32Array(halves.length);
  for (let i = 0; i < halves.length; i++) floats[i] = halfToFloat(halves[i]!);
  tensor.dataType = FLOAT;
  tensor.rawData = new Uint8Array(floats.buffer);
  tensor.int32Data = [];
}

/**
 * The ISNet export on npm stores its weights as fp16 and computes in fp16 between casts.
 * onnxruntime's x86 CPU kernels have no fast fp16 convolutions, so the same graph in fp32
 * runs ~1.5–2× faster here. The conversion (weights, constants, casts and declared types to
 * fp32) takes a few seconds once per process; it reads ONNX with the protobuf module that
 * onnxruntime-web — a dependency of the model package — ships.
 */
export function toFloat32Model(fp16: Uint8Array): Uint8Array {
  const { onnx } = onnxProtobuf();
  const model: ModelProto = onnx.ModelProto.decode(fp16);
  const { graph } = model;
  for (const tensor of graph.initializer) toFloat(tensor);
  for (const node of graph.node) {
    for (const attribute of node.attribute) {
      if (node.opType === 'Cast' && attribute.name === 'to' && Number(attribute.i) === FLOAT16) attribute.i = FLOAT;
      if (attribute.t) toFloat(attribute.t);
    }
  }
  for (const info of [...graph.valueInfo, ...graph.input, ...graph.output]) {
    if (info.type?.tensorType?.elemType === FLOAT16) info.type.tensorType.elemType = FLOAT;
  }
  return onnx.ModelProto.encode(model).finish();
}
