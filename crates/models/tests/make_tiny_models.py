#!/usr/bin/env python3
"""Small ONNX graphs for the tests of the model manager's plumbing (not real models).

    make_tiny_models.py TOKENIZER_JSON OUT_DIR

Every graph takes input_ids, attention_mask and token_type_ids (int64, batch x sequence) like a
BERT export. Weights are simple functions of the token id that the Rust tests recompute:
w_k(id) = ((id * (7919 + k)) mod 1000) / 1000 - 0.5.

  pair-scorer.onnx   logits [b, 1] = sum_t mask * (w_0(id) + 0.25 * type)
  nli.onnx           logits [b, 3], label k = sum_t mask * w_k(id)
  qa.onnx            start_logits / end_logits [b, s]: 5 on "thirty" / "days", 0 elsewhere,
                     -10000 on padding
  embedder.onnx      last_hidden_state [b, s, 8] = E[id], E[id, j] = w_j(id)
  wrong-inputs.onnx  a pair scorer whose input is named "x"
  nan-scorer.onnx    a pair scorer whose logits are 0 / 0
  no-mask.onnx       a pair scorer that sums over padding too
  flat-qa.onnx       an extractive QA model whose logits are batch x sequence x 1
"""
import json
import sys
from pathlib import Path

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def weights(vocab, k):
    ids = np.arange(vocab, dtype=np.int64)
    return (((ids * (7919 + k)) % 1000) / 1000.0 - 0.5).astype(np.float32)


def inputs(names=("input_ids", "attention_mask", "token_type_ids")):
    return [helper.make_tensor_value_info(n, TensorProto.INT64, ["b", "s"]) for n in names]


def save(graph, path):
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save(model, str(path))


def bag_sum(prefix, table, ids="input_ids", masked=True):
    """Nodes and initialisers for sum_t mask * table[id] -> [b, 1] named prefix + '_sum'."""
    nodes = [helper.make_node("Gather", [prefix + "_w", ids], [prefix + "_g"], axis=0)]
    inits = [numpy_helper.from_array(table, prefix + "_w"),
             numpy_helper.from_array(np.array([1], dtype=np.int64), prefix + "_axis")]
    summed = prefix + "_g"
    if masked:
        nodes.append(helper.make_node("Mul", [prefix + "_g", "mask_f"], [prefix + "_m"]))
        summed = prefix + "_m"
    nodes.append(helper.make_node("ReduceSum", [summed, prefix + "_axis"], [prefix + "_sum"], keepdims=1))
    return nodes, inits


def mask_nodes():
    return [helper.make_node("Cast", ["attention_mask"], ["mask_f"], to=TensorProto.FLOAT),
            helper.make_node("Cast", ["token_type_ids"], ["type_f"], to=TensorProto.FLOAT)]


def pair_scorer(vocab, out, masked=True, nan=False, input_names=None):
    nodes = mask_nodes()
    n, i = bag_sum("a", weights(vocab, 0), masked=masked)
    nodes += n
    inits = i + [numpy_helper.from_array(np.array(0.25, dtype=np.float32), "quarter"),
                 numpy_helper.from_array(np.array([1], dtype=np.int64), "types_axis")]
    nodes += [helper.make_node("Mul", ["type_f", "mask_f"], ["types_m"]),
              helper.make_node("ReduceSum", ["types_m", "types_axis"], ["types_sum"], keepdims=1),
              helper.make_node("Mul", ["types_sum", "quarter"], ["types_q"])]
    if nan:
        nodes += [helper.make_node("Sub", ["a_sum", "a_sum"], ["zero"]),
                  helper.make_node("Div", ["zero", "zero"], ["logits"])]
    else:
        nodes.append(helper.make_node("Add", ["a_sum", "types_q"], ["logits"]))
    graph_inputs = inputs()
    if input_names:
        graph_inputs = inputs(input_names)
        nodes = [helper.make_node("Identity", [input_names[0]], ["input_ids"])] + nodes
    out_info = [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["b", 1])]
    save(helper.make_graph(nodes, "pair_scorer", graph_inputs, out_info, inits), out)


def nli(vocab, out):
    nodes = mask_nodes()
    inits = []
    for k in range(3):
        n, i = bag_sum(f"l{k}", weights(vocab, k))
        nodes += n
        inits += i
    nodes.append(helper.make_node("Concat", ["l0_sum", "l1_sum", "l2_sum"], ["logits"], axis=1))
    out_info = [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["b", 3])]
    save(helper.make_graph(nodes, "nli", inputs(), out_info, inits), out)


def qa(vocab, token_ids, out, flat=False):
    start = np.zeros(vocab, dtype=np.float32)
    end = np.zeros(vocab, dtype=np.float32)
    start[token_ids["thirty"]] = 5.0
    end[token_ids["days"]] = 5.0
    nodes = mask_nodes()
    inits = [numpy_helper.from_array(start, "start_w"), numpy_helper.from_array(end, "end_w"),
             numpy_helper.from_array(np.array(1.0, dtype=np.float32), "one"),
             numpy_helper.from_array(np.array(10000.0, dtype=np.float32), "big")]
    nodes += [helper.make_node("Sub", ["mask_f", "one"], ["off"]),
              helper.make_node("Mul", ["off", "big"], ["penalty"])]
    outputs = []
    for name in ("start", "end"):
        nodes += [helper.make_node("Gather", [f"{name}_w", "input_ids"], [f"{name}_g"], axis=0)]
        final = f"{name}_logits"
        if flat:
            inits.append(numpy_helper.from_array(np.array([2], dtype=np.int64), f"{name}_ax"))
            nodes += [helper.make_node("Add", [f"{name}_g", "penalty"], [f"{name}_p"]),
                      helper.make_node("Unsqueeze", [f"{name}_p", f"{name}_ax"], [final])]
            outputs.append(helper.make_tensor_value_info(final, TensorProto.FLOAT, ["b", "s", 1]))
        else:
            nodes.append(helper.make_node("Add", [f"{name}_g", "penalty"], [final]))
            outputs.append(helper.make_tensor_value_info(final, TensorProto.FLOAT, ["b", "s"]))
    save(helper.make_graph(nodes, "qa", inputs(), outputs, inits), out)


def embedder(vocab, out):
    table = np.stack([weights(vocab, j) for j in range(8)], axis=1)
    nodes = [helper.make_node("Gather", ["e_w", "input_ids"], ["last_hidden_state"], axis=0)]
    inits = [numpy_helper.from_array(table, "e_w")]
    out_info = [helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["b", "s", 8])]
    # The mask and type inputs are declared (a BERT export has them) but unused.
    save(helper.make_graph(nodes, "embedder", inputs(), out_info, inits), out)


def main():
    tokenizer, out = Path(sys.argv[1]), Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    vocab_map = json.loads(tokenizer.read_text())["model"]["vocab"]
    vocab = len(vocab_map)
    pair_scorer(vocab, out / "pair-scorer.onnx")
    nli(vocab, out / "nli.onnx")
    qa(vocab, vocab_map, out / "qa.onnx")
    embedder(vocab, out / "embedder.onnx")
    pair_scorer(vocab, out / "wrong-inputs.onnx", input_names=("x", "attention_mask", "token_type_ids"))
    pair_scorer(vocab, out / "nan-scorer.onnx", nan=True)
    pair_scorer(vocab, out / "no-mask.onnx", masked=False)
    qa(vocab, vocab_map, out / "flat-qa.onnx", flat=True)
    (out / "tokenizer.json").write_text(tokenizer.read_text())


if __name__ == "__main__":
    main()
