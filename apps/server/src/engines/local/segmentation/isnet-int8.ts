// NOT USED by the engine: an experiment kept for the record (issue 34). Static int8 (QDQ) ISNet
// took 0.73× the CPU time of the fp32 graph on an AVX2 machine but moved the mask (IoU 0.54 on
// the illustration, 0.95 on text against the fp32 mask), so ISNet stays fp32. Removed in the
// next commit; docs/performance.md has the figures.
import { onnxProtobuf } from '../onnx-protobuf.ts';

/** ONNX TensorProto data types. */
const FLOAT = 1;
const UINT8 = 2;
const INT8 = 3;
const INT32 = 6;
/** ONNX AttributeProto types. */
const ATTR_INT = 2;

interface TensorProto {
  name?: string;
  dims?: (number | { toNumber(): number })[];
  dataType: number;
  rawData?: Uint8Array | null;
  floatData?: number[];
}
interface Attribute {
  name: string;
  type?: number;
  i?: number | { toNumber(): number } | null;
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
}
interface Graph {
  initializer: TensorProto[];
  node: NodeProto[];
  valueInfo: ValueInfo[];
  input: ValueInfo[];
  output: ValueInfo[];
}

/** The range of values one activation tensor took over the calibration images. */
export type ActivationRanges = Record<string, [min: number, max: number]>;

/** The tensor where the image enters the float part of the graph (isnet-graph.ts): `px/255 − 0.5`. */
function normalisedInput(graph: Graph): string {
  const sub = graph.node.find((n) => n.opType === 'Sub' && n.name?.startsWith('atelier/'));
  if (!sub) throw new Error('ISNet graph without its input normalisation');
  return sub.output[0]!;
}

const floats = (t: TensorProto): Float32Array => {
  if (t.rawData?.length) {
    const raw = t.rawData;
    return new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
  }
  return Float32Array.from(t.floatData ?? []);
};
const num = (v: number | { toNumber(): number }) => (typeof v === 'number' ? v : v.toNumber());

/**
 * Removes the casts the fp16 export put around its operators, which are float → float once the
 * graph is fp32 (isnet-graph.ts); they would sit between the operators the int8 graph fuses.
 */
function dropFloatCasts(graph: Graph): void {
  const rename = new Map<string, string>();
  const kept: NodeProto[] = [];
  for (const node of graph.node) {
    const to = node.attribute.find((a) => a.name === 'to');
    if (node.opType === 'Cast' && !node.name?.startsWith('atelier/') && Number(to?.i) === FLOAT) {
      rename.set(node.output[0]!, node.input[0]!);
    } else kept.push(node);
  }
  const resolve = (name: string): string => (rename.has(name) ? resolve(rename.get(name)!) : name);
  for (const node of kept) node.input = node.input.map(resolve);
  for (const output of graph.output) output.name = resolve(output.name);
  graph.node = kept;
}

/** Each tensor's consumers. */
function consumers(graph: Graph): Map<string, NodeProto[]> {
  const map = new Map<string, NodeProto[]>();
  for (const node of graph.node) {
    for (const input of node.input) {
      if (!map.has(input)) map.set(input, []);
      map.get(input)!.push(node);
    }
  }
  return map;
}

/** A Conv followed only by a Relu becomes one node: its int8 output clamps at zero anyway. */
function fuseConvRelu(graph: Graph): void {
  const uses = consumers(graph);
  const drop = new Set<NodeProto>();
  for (const node of graph.node) {
    if (node.opType !== 'Conv') continue;
    const next = uses.get(node.output[0]!) ?? [];
    if (next.length !== 1 || next[0]!.opType !== 'Relu') continue;
    node.output = [next[0]!.output[0]!];
    drop.add(next[0]!);
  }
  graph.node = graph.node.filter((n) => !drop.has(n));
}

/** Operators whose float activations the int8 graph quantizes (outputs, and inputs through them). */
const QUANTIZED_OPS = new Set(['Conv', 'Add', 'Concat', 'MaxPool', 'Resize']);
/** Operators whose output takes its input's scale: they only move or pick values. */
const SAME_SCALE_OPS = new Set(['MaxPool', 'Resize']);

/**
 * The float activation tensors between quantized operators, in graph order, each with the
 * tensor whose range it takes (itself, or the input of a MaxPool/Resize chain). The mask head
 * (the last Conv, whose output goes to the Sigmoid) stays float.
 */
function activations(graph: Graph): Map<string, string> {
  const uses = consumers(graph);
  const input = normalisedInput(graph);
  const initializers = new Map(graph.initializer.map((t) => [t.name ?? '', t]));
  const isHead = (node: NodeProto) => node.opType === 'Conv' && num(initializers.get(node.input[1]!)!.dims![0]!) === 1;
  const sourceOf = new Map<string, string>([[input, input]]);
  // Nodes are not in topological order in the export: repeat until every reachable tensor is seen.
  for (let grown = true; grown; ) {
    grown = false;
    for (const node of graph.node) {
      if (!QUANTIZED_OPS.has(node.opType) || isHead(node) || sourceOf.has(node.output[0]!)) continue;
      const data = node.input[0]!;
      if (!sourceOf.has(data)) continue;
      const out = node.output[0]!;
      const next = uses.get(out) ?? [];
      // The mask head and what feeds it stay float: their rounding would move the mask's edge.
      if (next.length === 0 || next.some(isHead) || next.every((n) => !QUANTIZED_OPS.has(n.opType))) continue;
      sourceOf.set(out, SAME_SCALE_OPS.has(node.opType) ? sourceOf.get(data)! : out);
      grown = true;
    }
  }
  return sourceOf;
}

/** The fp32 graph ready to quantize: float casts dropped, Relu fused into its Conv. */
function prepared(fp32: Uint8Array): { graph: Graph; model: object } {
  const { onnx } = onnxProtobuf();
  const model = onnx.ModelProto.decode(fp32);
  dropFloatCasts(model.graph);
  fuseConvRelu(model.graph);
  return { graph: model.graph, model };
}

/**
 * The fp32 graph with, as extra outputs, the minimum and maximum of every activation the int8
 * graph quantizes (`<tensor>/min`, `<tensor>/max`): run over calibration images to find the
 * ranges (scripts/calibrate-isnet.ts). The Relus stay, so values are as the float graph has them.
 */
export function isnetCalibrationGraph(fp32: Uint8Array): { model: Uint8Array; tensors: string[] } {
  const { onnx } = onnxProtobuf();
  const model = onnx.ModelProto.decode(fp32);
  dropFloatCasts(model.graph);
  const probe = prepared(fp32);
  const tensors = [...new Set(activations(probe.graph).values())];
  for (const name of tensors) {
    for (const op of ['ReduceMin', 'ReduceMax'] as const) {
      const out = `${name}/${op === 'ReduceMin' ? 'min' : 'max'}`;
      model.graph.node.push({
        name: out,
        opType: op,
        input: [name],
        output: [out],
        attribute: [{ name: 'keepdims', type: ATTR_INT, i: 0 }],
      });
      model.graph.output.push({ name: out, type: { tensorType: { elemType: FLOAT, shape: { dim: [] } } } });
    }
  }
  return { model: onnx.ModelProto.encode(model).finish(), tensors };
}

const tensor = (name: string, dataType: number, dims: number[], data: ArrayBufferView): TensorProto => ({
  name,
  dims,
  dataType,
  rawData: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
});

/** uint8 affine parameters covering [min, max] and zero. */
function uint8Params(min: number, max: number): { scale: number; zero: number } {
  const lo = Math.min(0, min);
  const hi = Math.max(0, max);
  const scale = hi > lo ? (hi - lo) / 255 : 1;
  return { scale, zero: Math.min(255, Math.max(0, Math.round(-lo / scale))) };
}

/**
 * Weights hold 7 bits (±63): MLAS's AVX2 int8 kernels add pairs of uint8 × int8 products in
 * 16 bits, which 8-bit weights could overflow.
 */
const WEIGHT_LEVELS = 63;

/**
 * ISNet in int8 (QDQ form): every Conv's weights quantized per output channel (symmetric, 7
 * bits), biases to int32, and each activation between Conv, Add, Concat, MaxPool and Resize
 * quantized to uint8 over the range it took on the calibration images. onnxruntime fuses these
 * into its integer kernels (QLinearConv, QLinearAdd, QLinearConcat, uint8 MaxPool and Resize).
 * The input normalisation, the mask head (last Conv, Sigmoid) and the mask scaling stay float.
 */
export function isnetInt8(fp32: Uint8Array, ranges: ActivationRanges): Uint8Array {
  const { onnx } = onnxProtobuf();
  const { graph, model } = prepared(fp32);
  const sourceOf = activations(graph);
  const initializers = new Map(graph.initializer.map((t) => [t.name ?? '', t]));
  const input = normalisedInput(graph);
  const params = new Map<string, { scale: number; zero: number }>();
  for (const [name, source] of sourceOf) {
    const range = name === input ? ([-0.5, 0.5] as [number, number]) : ranges[source];
    if (!range) throw new Error(`No calibration range for ${source}`);
    params.set(name, uint8Params(range[0], range[1]));
  }
  const added: NodeProto[] = [];
  // Each quantized activation: producer → T/float → QuantizeLinear → T/q → DequantizeLinear → T.
  const producers = new Map<string, NodeProto>();
  for (const node of graph.node) for (const out of node.output) producers.set(out, node);
  for (const [name, { scale, zero }] of params) {
    graph.initializer.push(
      tensor(`${name}/scale`, FLOAT, [], Float32Array.of(scale)),
      tensor(`${name}/zero`, UINT8, [], Uint8Array.of(zero)),
    );
    const producer = producers.get(name)!;
    producer.output = producer.output.map((o) => (o === name ? `${name}/float` : o));
    added.push(
      {
        name: `${name}/Q`,
        opType: 'QuantizeLinear',
        input: [`${name}/float`, `${name}/scale`, `${name}/zero`],
        output: [`${name}/q`],
        attribute: [],
      },
      {
        name: `${name}/DQ`,
        opType: 'DequantizeLinear',
        input: [`${name}/q`, `${name}/scale`, `${name}/zero`],
        output: [name],
        attribute: [],
      },
    );
  }
  // Conv weights per output channel, biases in int32 at input scale × weight scale.
  for (const node of graph.node) {
    if (node.opType !== 'Conv' || !params.has(node.input[0]!) || !params.has(node.output[0]!)) continue;
    const weight = initializers.get(node.input[1]!)!;
    const dims = weight.dims!.map(num);
    const w = floats(weight);
    const outChannels = dims[0]!;
    const per = w.length / outChannels;
    const q = new Int8Array(w.length);
    const scales = new Float32Array(outChannels);
    for (let o = 0; o < outChannels; o++) {
      let m = 0;
      for (let i = 0; i < per; i++) m = Math.max(m, Math.abs(w[o * per + i]!));
      const s = m > 0 ? m / WEIGHT_LEVELS : 1;
      scales[o] = s;
      for (let i = 0; i < per; i++) q[o * per + i] = Math.round(w[o * per + i]! / s);
    }
    const wName = `${node.name}/weight`;
    graph.initializer.push(
      tensor(`${wName}/q`, INT8, dims, q),
      tensor(`${wName}/scale`, FLOAT, [outChannels], scales),
      tensor(`${wName}/zero`, INT8, [outChannels], new Int8Array(outChannels)),
    );
    const axis = [{ name: 'axis', type: ATTR_INT, i: 0 }];
    added.push({
      name: `${wName}/DQ`,
      opType: 'DequantizeLinear',
      input: [`${wName}/q`, `${wName}/scale`, `${wName}/zero`],
      output: [wName],
      attribute: axis,
    });
    const inputs = [node.input[0]!, wName];
    if (node.input[2]) {
      const b = floats(initializers.get(node.input[2])!);
      const inScale = params.get(node.input[0]!)!.scale;
      const bq = new Int32Array(outChannels);
      const bs = new Float32Array(outChannels);
      for (let o = 0; o < outChannels; o++) {
        bs[o] = inScale * scales[o]!;
        bq[o] = Math.round(b[o]! / bs[o]!);
      }
      const bName = `${node.name}/bias`;
      graph.initializer.push(
        tensor(`${bName}/q`, INT32, [outChannels], bq),
        tensor(`${bName}/scale`, FLOAT, [outChannels], bs),
        tensor(`${bName}/zero`, INT32, [outChannels], new Int32Array(outChannels)),
      );
      added.push({
        name: `${bName}/DQ`,
        opType: 'DequantizeLinear',
        input: [`${bName}/q`, `${bName}/scale`, `${bName}/zero`],
        output: [bName],
        attribute: axis,
      });
      inputs.push(bName);
    }
    node.input = inputs;
  }
  graph.node.push(...added);
  const used = new Set(graph.node.flatMap((n) => n.input));
  graph.initializer = graph.initializer.filter((t) => used.has(t.name ?? ''));
  return onnx.ModelProto.encode(model).finish();
}
