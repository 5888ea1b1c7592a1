import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageDir } from './package-dir.ts';

/**
 * Where prepared graphs are kept: `node_modules/.cache`, as build tools keep what they derive
 * from installed packages. It belongs to whoever installed the packages, so no other user of
 * the machine can put a graph there, and a new install starts it afresh.
 */
const cacheDir = () => path.join(path.dirname(packageDir('onnxruntime-node')), '.cache', 'atelier-models');

/** The file a prepared graph is kept in: named by what it is made from and by what makes it. */
export function preparedModelFile(name: string, sources: readonly Uint8Array[], preparer: string): string {
  const hash = createHash('sha256');
  for (const source of sources) hash.update(source);
  hash.update(fs.readFileSync(fileURLToPath(preparer)));
  return path.join(cacheDir(), `${name}-${hash.digest('hex').slice(0, 32)}.onnx`);
}

/**
 * A model made ready for onnxruntime (converted, pruned, given byte inputs) is the same bytes
 * every time it is made from the same package files by the same code, and making it takes
 * seconds of CPU in every process that loads it. It is kept on disk once made, named by a
 * hash of what it is made from and of the module that makes it (`preparer`, its
 * `import.meta.url`): a new model or a change to the preparing code makes a new one. A cache
 * that cannot be read or written only costs the time to make the graph again.
 */
export function preparedModel(
  name: string,
  sources: readonly Uint8Array[],
  preparer: string,
  prepare: () => Uint8Array,
): Uint8Array {
  const file = preparedModelFile(name, sources, preparer);
  try {
    return fs.readFileSync(file);
  } catch {
    // Not made yet (or unreadable): made below.
  }
  const graph = prepare();
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written aside and renamed: a process that reads it meanwhile sees all of it or nothing.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, graph);
    fs.renameSync(partial, file);
  } catch {
    // A read-only install: every process makes its own.
  }
  return graph;
}
