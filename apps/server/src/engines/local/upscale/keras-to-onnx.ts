import fs from 'node:fs';
import path from 'node:path';
import { onnxProtobuf } from '../onnx-protobuf.ts';

/** ONNX TensorProto data types the graph uses. */
const FLOAT = 1;
const UINT8 = 2;
/** ONNX AttributeProto types. */
const ATTR_INT = 2;
const ATTR_STRING = 3;
const ATTR_INTS = 7;
/** The opset the graph is written for: Clip takes its bounds as inputs, Resize its scales. */
const OPSET = 13;
const IR_VERSION = 7;

/** One layer of a Keras "layers-model" (TensorFlow.js format), as far as the converter reads it. */
interface KerasLayer {
  class_name: string;
  name: string;
  config: {
    filters?: number;
    kernel_size?: [number, number];
    strides?: [number, number];
    padding?: 'same' | 'valid';
    dilation_rate?: [number, number];
    groups?: number;
    activation?: string;
    use_bias?: boolean;
    axis?: number;
    size?: [number, number];
    interpolation?: string;
    data_format?: string;
  };
  inbound_nodes: [string, number, number, object][][];
}

interface LayersModelJson {
  modelTopology: { model_config: { config: { layers: KerasLayer[]; output_layers: [string, number, number][] } } };
  weightsManifest: { paths: string[]; weights: { name: string; shape: number[]; dtype: string }[] }[];
}

type Attribute = { name: string; type: number; i?: number; ints?: number[]; f?: number; s?: Uint8Array };
type Node = { name: string; opType: string; input: string[]; output: string[]; attribute: Attribute[] };
type Initializer = { name: string; dataType: number; dims: number[]; rawData: Uint8Array };

const int = (name: string, i: number): Attribute => ({ name, type: ATTR_INT, i });
const ints = (name: string, values: number[]): Attribute => ({ name, type: ATTR_INTS, ints: values });
const text = (name: string, value: string): Attribute => ({ name, type: ATTR_STRING, s: Buffer.from(value) });

function floats(name: string, dims: number[], values: Float32Array): Initializer {
  return { name, dataType: FLOAT, dims, rawData: new Uint8Array(values.buffer, values.byteOffset, values.byteLength) };
}

/** Keras's [kh, kw, in, out] kernel as ONNX's [out, in, kh, kw]. */
function toOihw(kernel: Float32Array, [kh, kw, cin, cout]: number[]): Float32Array {
  const out = new Float32Array(kernel.length);
  for (let y = 0; y < kh!; y++)
    for (let x = 0; x < kw!; x++)
      for (let i = 0; i < cin!; i++)
        for (let o = 0; o < cout!; o++)
          out[((o * cin! + i) * kh! + y) * kw! + x] = kernel[((y * kw! + x) * cin! + i) * cout! + o]!;
  return out;
}

/**
 * A Keras layers-model in TensorFlow.js's format (`model.json` + weight shards, as the
 * UpscalerJS model packages ship) turned into an ONNX graph that onnxruntime runs with its
 * native kernels and threads. Written for the layers super-resolution nets use — Conv2D,
 * ReLU/linear Activation, Concatenate, Add, nearest UpSampling2D — and refuses any other, so a
 * model it cannot convert faithfully fails loudly instead of producing other pixels.
 *
 * The graph takes and gives bytes: input uint8 `[1, h, w, 3]` (raw RGB, as sharp decodes it),
 * output uint8 `[1, h·s, w·s, 3]`, clamped and rounded inside the runtime. The model's own
 * layout (NHWC, 0–255) is kept at the edges; inside it runs NCHW, the layout MLAS is fast in.
 */
export function kerasToOnnx(modelDir: string): Uint8Array {
  const json = JSON.parse(fs.readFileSync(path.join(modelDir, 'model.json'), 'utf8')) as LayersModelJson;
  const weights = new Map<string, { shape: number[]; values: Float32Array }>();
  for (const group of json.weightsManifest) {
    const data = Buffer.concat(group.paths.map((p) => fs.readFileSync(path.join(modelDir, p))));
    let offset = 0;
    for (const { name, shape, dtype } of group.weights) {
      if (dtype !== 'float32') throw new Error(`Weight ${name} is ${dtype}; only float32 weights are converted`);
      const count = shape.reduce((a, b) => a * b, 1);
      const values = new Float32Array(count);
      Buffer.from(values.buffer).set(data.subarray(offset, offset + count * 4));
      weights.set(name, { shape, values });
      offset += count * 4;
    }
  }
  const weight = (name: string) => {
    const w = weights.get(name);
    if (!w) throw new Error(`Weight ${name} is missing from the model`);
    return w;
  };

  const { layers, output_layers } = json.modelTopology.model_config.config;
  const nodes: Node[] = [];
  const initializers: Initializer[] = [];
  const node = (opType: string, name: string, input: string[], output: string, attribute: Attribute[] = []) => {
    nodes.push({ name, opType, input, output: [output], attribute });
    return output;
  };
  /** The ONNX value each Keras layer's output is. */
  const values = new Map<string, string>();
  const inputOf = (layer: KerasLayer) =>
    (layer.inbound_nodes[0] ?? []).map(([from]) => {
      const value = values.get(from);
      if (!value) throw new Error(`Layer ${layer.name} reads ${from} before it is defined`);
      return value;
    });
  let scale = 1;

  for (const layer of layers) {
    const { config } = layer;
    if (config.data_format && config.data_format !== 'channels_last')
      throw new Error(`Layer ${layer.name}: data format ${config.data_format} is not converted`);
    switch (layer.class_name) {
      case 'InputLayer': {
        // Bytes NHWC in, float NCHW on.
        const asFloat = node('Cast', 'input_cast', ['image'], 'input_float', [int('to', FLOAT)]);
        values.set(layer.name, node('Transpose', 'input_nchw', [asFloat], layer.name, [ints('perm', [0, 3, 1, 2])]));
        break;
      }
      case 'Conv2D': {
        const [kh, kw] = config.kernel_size!;
        if (
          (config.groups ?? 1) !== 1 ||
          config.strides?.some((s) => s !== 1) ||
          config.dilation_rate?.some((d) => d !== 1)
        )
          throw new Error(`Conv2D ${layer.name}: only stride 1, dilation 1, one group is converted`);
        if (config.padding === 'same' && (kh! % 2 === 0 || kw! % 2 === 0))
          throw new Error(`Conv2D ${layer.name}: "same" padding of an even kernel is not converted`);
        const kernel = weight(`${layer.name}/kernel`);
        initializers.push(
          floats(
            `${layer.name}/W`,
            [kernel.shape[3]!, kernel.shape[2]!, kh!, kw!],
            toOihw(kernel.values, kernel.shape),
          ),
        );
        const inputs = [...inputOf(layer), `${layer.name}/W`];
        if (config.use_bias !== false) {
          initializers.push(floats(`${layer.name}/B`, [config.filters!], weight(`${layer.name}/bias`).values));
          inputs.push(`${layer.name}/B`);
        }
        const [ph, pw] = config.padding === 'same' ? [(kh! - 1) / 2, (kw! - 1) / 2] : [0, 0];
        const conv = node('Conv', layer.name, inputs, `${layer.name}/conv`, [
          ints('kernel_shape', [kh!, kw!]),
          ints('pads', [ph, pw, ph, pw]),
        ]);
        values.set(layer.name, activation(config.activation ?? 'linear', layer.name, conv, node));
        break;
      }
      case 'Activation':
        values.set(layer.name, activation(config.activation!, layer.name, inputOf(layer)[0]!, node));
        break;
      case 'Concatenate':
        // Keras's channel axis (3 or -1 in NHWC) is axis 1 in NCHW.
        if (config.axis !== 3 && config.axis !== -1)
          throw new Error(`Concatenate ${layer.name}: only the channel axis`);
        values.set(layer.name, node('Concat', layer.name, inputOf(layer), layer.name, [int('axis', 1)]));
        break;
      case 'Add':
        values.set(
          layer.name,
          inputOf(layer).reduce((sum, term, i) =>
            i === 0 ? term : node('Add', `${layer.name}/${i}`, [sum, term], `${layer.name}/${i}`),
          ),
        );
        break;
      case 'UpSampling2D': {
        const [sy, sx] = config.size!;
        if (config.interpolation !== 'nearest' || sy !== sx)
          throw new Error(`UpSampling2D ${layer.name}: only square nearest`);
        scale *= sy!;
        initializers.push(floats(`${layer.name}/scales`, [4], Float32Array.from([1, 1, sy!, sx!])));
        // Keras repeats each pixel: "asymmetric" coordinates with "floor" are exactly that.
        values.set(
          layer.name,
          node('Resize', layer.name, [inputOf(layer)[0]!, '', `${layer.name}/scales`], layer.name, [
            text('mode', 'nearest'),
            text('coordinate_transformation_mode', 'asymmetric'),
            text('nearest_mode', 'floor'),
          ]),
        );
        break;
      }
      default:
        throw new Error(`Layer ${layer.name}: ${layer.class_name} is not converted`);
    }
  }

  // Float NCHW out to bytes NHWC: clamp to 0–255 and round, as a pixel is stored.
  const last = values.get(output_layers[0]![0])!;
  initializers.push(floats('min', [], Float32Array.of(0)), floats('max', [], Float32Array.of(255)));
  const nhwc = node('Transpose', 'output_nhwc', [last], 'output_nhwc', [ints('perm', [0, 2, 3, 1])]);
  const clipped = node('Clip', 'output_clip', [nhwc, 'min', 'max'], 'output_clip');
  const rounded = node('Round', 'output_round', [clipped], 'output_round');
  node('Cast', 'output_cast', [rounded], 'upscaled', [int('to', UINT8)]);

  const shape = (dims: (number | string)[]) => ({
    dim: dims.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })),
  });
  const { onnx } = onnxProtobuf();
  return onnx.ModelProto.encode({
    irVersion: IR_VERSION,
    producerName: 'atelier keras-to-onnx',
    opsetImport: [{ domain: '', version: OPSET }],
    graph: {
      name: 'upscale',
      node: nodes,
      initializer: initializers,
      input: [{ name: 'image', type: { tensorType: { elemType: UINT8, shape: shape([1, 'height', 'width', 3]) } } }],
      output: [
        {
          name: 'upscaled',
          type: { tensorType: { elemType: UINT8, shape: shape([1, `height*${scale}`, `width*${scale}`, 3]) } },
        },
      ],
    },
  }).finish();
}

/** A Keras activation after `input`: the value name of its output. */
function activation(
  kind: string,
  name: string,
  input: string,
  node: (opType: string, name: string, input: string[], output: string, attribute?: Attribute[]) => string,
): string {
  if (kind === 'linear') return input;
  if (kind === 'relu') return node('Relu', `${name}/relu`, [input], `${name}/relu`);
  throw new Error(`Activation ${kind} (${name}) is not converted`);
}
