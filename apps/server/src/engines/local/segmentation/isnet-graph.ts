import { onnxProtobuf } from '../onnx-protobuf.ts';

/** ONNX TensorProto data types we convert between. */
const FLOAT = 1;
const UINT8 = 2;
const FLOAT16 = 10;
/** ONNX AttributeProto types. */
const ATTR_INT = 2;
const ATTR_INTS = 7;
/** ISNet's fixed input side. */
export const ISNET_SIDE = 1024;

/** This module, whose code the prepared graph depends on (prepared-models.ts). */
export const ISNET_GRAPH_MODULE = import.meta.url;

/** The parts of ONNX's protobuf messages the conversion touches. */
interface TensorProto {
  name?: string;
  dims?: number[];
  dataType: number;
  rawData?: Uint8Array | null;
  int32Data?: number[];
}
interface Attribute {
  name: string;
  type?: number;
  i?: number | { toNumber(): number } | null;
  ints?: number[];
  t?: TensorProto | null;
}
interface NodeProto {
  name?: string;
  opType: string;
  input: string[];
  output: string[];
  attribute: Attribute[];
}
interface ValueInfo {
  name: string;
  type?: { tensorType?: { elemType: number; shape?: { dim: { dimValue?: number }[] } } | null } | null;
}
interface ModelProto {
  graph: {
    initializer: TensorProto[];
    node: NodeProto[];
    valueInfo: ValueInfo[];
    input: ValueInfo[];
    output: ValueInfo[];
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

/** Weights, constants, casts and declared types from fp16 to fp32. */
function toFloat32(graph: ModelProto['graph']): void {
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
}

/** Only the first output (the final mask) and the nodes it needs: the side outputs go. */
function keepFirstOutput(graph: ModelProto['graph']): void {
  graph.output = graph.output.slice(0, 1);
  const needed = new Set(graph.output.map((o) => o.name));
  const kept = new Set<NodeProto>();
  // Until nothing changes: the export does not list its nodes in topological order.
  for (let grown = true; grown; ) {
    grown = false;
    for (const node of graph.node) {
      if (kept.has(node) || !node.output.some((o) => needed.has(o))) continue;
      kept.add(node);
      for (const input of node.input) needed.add(input);
      grown = true;
    }
  }
  graph.node = graph.node.filter((node) => kept.has(node));
  graph.initializer = graph.initializer.filter((t) => needed.has(t.name ?? ''));
  graph.valueInfo = graph.valueInfo.filter((v) => needed.has(v.name));
}

const scalar = (name: string, value: number): TensorProto => ({
  name,
  dims: [],
  dataType: FLOAT,
  rawData: new Uint8Array(Float32Array.of(value).buffer),
});

/**
 * Pre- and post-processing moved into the graph, so they run in the runtime's native code
 * rather than in per-pixel JavaScript: the graph takes raw RGB bytes `[1, 1024, 1024, 3]` (as
 * sharp gives them) and normalises them as ISNet was trained (`px/255 − 0.5`, planar), and
 * gives the mask as bytes `[1, 1024, 1024]` (clamped to 0–1, ×255, rounded).
 */
function bytesInBytesOut(graph: ModelProto['graph']): void {
  const input = graph.input[0]!;
  const output = graph.output[0]!;
  const node = (opType: string, inputs: string[], out: string, attribute: Attribute[] = []): NodeProto => ({
    name: `atelier/${out}`,
    opType,
    input: inputs,
    output: [out],
    attribute,
  });
  graph.initializer.push(
    scalar('atelier/255', 255),
    scalar('atelier/0.5', 0.5),
    scalar('atelier/0', 0),
    scalar('atelier/1', 1),
  );
  graph.node.unshift(
    node('Cast', ['image'], 'atelier/image_float', [{ name: 'to', type: ATTR_INT, i: FLOAT }]),
    node('Transpose', ['atelier/image_float'], 'atelier/planar', [
      { name: 'perm', type: ATTR_INTS, ints: [0, 3, 1, 2] },
    ]),
    node('Div', ['atelier/planar', 'atelier/255'], 'atelier/unit'),
    node('Sub', ['atelier/unit', 'atelier/0.5'], input.name),
  );
  graph.node.push(
    node('Clip', [output.name, 'atelier/0', 'atelier/1'], 'atelier/clipped'),
    node('Mul', ['atelier/clipped', 'atelier/255'], 'atelier/scaled'),
    node('Round', ['atelier/scaled'], 'atelier/rounded'),
    node('Cast', ['atelier/rounded'], 'mask', [{ name: 'to', type: ATTR_INT, i: UINT8 }]),
  );
  const dims = (values: number[]) => ({ dim: values.map((dimValue) => ({ dimValue })) });
  graph.input = [
    { name: 'image', type: { tensorType: { elemType: UINT8, shape: dims([1, ISNET_SIDE, ISNET_SIDE, 3]) } } },
  ];
  graph.output = [
    { name: 'mask', type: { tensorType: { elemType: UINT8, shape: dims([1, 1, ISNET_SIDE, ISNET_SIDE]) } } },
  ];
}

/**
 * The ISNet export on npm, made ready for onnxruntime's CPU provider — the same weights, so the
 * same mask. It stores its weights as fp16 and computes in fp16 between casts; onnxruntime's
 * x86 CPU kernels have no fast fp16 convolutions, so the graph is turned to fp32 (~1.5–2×
 * faster here). Its five side outputs (deep supervision for training, each upsampled to
 * 1024² and passed through a sigmoid) are dropped, and pre- and post-processing become part of
 * the graph. Takes a few seconds, once per install (prepared-models.ts); reads and writes ONNX
 * with the protobuf module onnxruntime-web ships.
 */
export function isnetForCpu(fp16: Uint8Array): Uint8Array {
  const { onnx } = onnxProtobuf();
  const model: ModelProto = onnx.ModelProto.decode(fp16);
  toFloat32(model.graph);
  keepFirstOutput(model.graph);
  bytesInBytesOut(model.graph);
  return onnx.ModelProto.encode(model).finish();
}
