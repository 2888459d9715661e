// ort-reference.js - runs an ONNX model on onnxruntime's CPU provider
// (npm's onnxruntime-node) and writes the values of the outputs it is asked
// for: accel-run --compare-layers's reference (docs/graph.md, "Comparing
// layers").
//
//   node ort-reference.js MANIFEST.json
//
// The manifest, which accel-run writes:
//   {"model": "model.onnx",             every tensor wanted a graph output
//    "inputs": [{"name", "type", "dims", "file"}],   raw little-endian data
//    "outputs": ["name", ...],
//    "dir": "out"}
// For each output, DIR/<k>.bin (its raw little-endian data) and, in
// DIR/outputs.json, [{"name", "type", "dims", "file"}] (the types as
// onnxruntime names them: float32, int64, bool, ...).
//
// onnxruntime-node is found through NODE_PATH (accel-run sets it).
'use strict';
const fs = require('fs');
const path = require('path');
const ort = require('onnxruntime-node');

const ARRAYS = {
  float32: Float32Array, float64: Float64Array, int8: Int8Array,
  uint8: Uint8Array, int16: Int16Array, uint16: Uint16Array,
  int32: Int32Array, uint32: Uint32Array, int64: BigInt64Array,
  uint64: BigUint64Array, bool: Uint8Array, float16: Uint16Array,
};

function readInput(spec) {
  const Array = ARRAYS[spec.type];
  if (!Array)
    throw new Error(`input '${spec.name}': type ${spec.type} not handled`);
  const bytes = fs.readFileSync(spec.file);
  // A copy: the typed array must start at its buffer's element boundary.
  const data = new Array(bytes.buffer.slice(
      bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  return new ort.Tensor(spec.type, data, spec.dims);
}

async function main() {
  const manifest = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  // The model as written: no graph optimization changes what a node
  // computes.
  const session = await ort.InferenceSession.create(
      manifest.model, {graphOptimizationLevel: 'disabled'});
  const feeds = {};
  for (const spec of manifest.inputs) feeds[spec.name] = readInput(spec);
  const results = await session.run(feeds, manifest.outputs);
  const written = [];
  manifest.outputs.forEach((name, k) => {
    const t = results[name];
    const file = path.join(manifest.dir, `${k}.bin`);
    const data = t.data;
    fs.writeFileSync(file, Buffer.from(data.buffer, data.byteOffset,
                                       data.byteLength));
    written.push({name, type: t.type, dims: t.dims.map(Number), file});
  });
  fs.writeFileSync(path.join(manifest.dir, 'outputs.json'),
                   JSON.stringify(written));
}

main().catch((e) => {
  process.stderr.write(`ort-reference: ${e.message}\n`);
  process.exit(1);
});
