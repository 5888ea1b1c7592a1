import { createRequire } from 'node:module';
import path from 'node:path';
import { packageDir } from './package-dir.ts';

/**
 * The ONNX protobuf messages (protobufjs static code) that onnxruntime-web ships — a
 * dependency of the ISNet model package — so ONNX graphs are read and written here without
 * another dependency. Only the messages and fields our converters touch are typed.
 */
export interface OnnxProtobuf {
  onnx: {
    // biome-ignore lint/suspicious/noExplicitAny: the generated messages are plain objects of many shapes
    ModelProto: { decode(data: Uint8Array): any; encode(model: object): { finish(): Uint8Array } };
  };
}

let loaded: OnnxProtobuf | undefined;

export function onnxProtobuf(): OnnxProtobuf {
  loaded ??= createRequire(import.meta.url)(
    path.join(packageDir('onnxruntime-web'), 'lib/onnxjs/ort-schema/protobuf/onnx.js'),
  ) as OnnxProtobuf;
  return loaded;
}
