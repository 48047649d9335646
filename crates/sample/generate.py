#!/usr/bin/env python3
"""Writes Proctor's sample project into data/ (run once by a developer; the output is committed).

The corpus describes "Tidewater", an invented offline-first file-sync product, written for
Proctor: 6 topics x 5 documents, each document stating 4 facts. Every fact gives one
multiple-choice question whose distractors are the same attribute of the topic's other
subjects, so retrieval helps and closed-book guessing does not. Five answer-mode systems differ
by topic; two EXAM-mode systems have articles per query (one query per document) with reader
outcomes, and the gold articles are the documents themselves.

    python3 crates/sample/generate.py
"""
import csv, io, json, os, random, zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "data")
rng = random.Random(20261122)

# topic -> (subjects, intro template, attributes)
# attribute: (values aligned with subjects, fact sentence, question templates)
TOPICS = {
    "Installation": (
        ["Linux package", "Windows installer", "macOS bundle", "container image", "offline bundle"],
        "This page covers the {s} of Tidewater and what it expects from the machine it runs on.",
        [
            (["512 MB", "1 GB", "2 GB", "4 GB", "8 GB"],
             "The {s} needs at least {v} of free memory before the sync agent will start.",
             ["Identify the minimum free memory the {s} needs before the agent starts.",
              "How much free memory must you set aside for the {s} at the very least?",
              "Which memory floor would you verify before deploying the {s}?"]),
            (["/opt/tidewater", "C:\\Tidewater\\Agent", "/Applications/Tidewater.app", "/srv/tidewater", "/usr/local/tidewater"],
             "By default the {s} places its program files under {v}.",
             ["Where does the {s} place its program files by default?",
              "Name the default folder that holds the program files of the {s}.",
              "Which folder would you inspect to find the program files of the {s}?"]),
            (["tidewaterd", "TidewaterSvc", "com.tidewater.agent", "tw-sync", "tidewater-offline"],
             "Once installed, the {s} registers a background service called {v}.",
             ["What is the service name registered by the {s}?",
              "Which service would you monitor to check that the {s} is running?",
              "Recall the background service that the {s} registers."]),
            (["tw setup --system", "setup.exe /quiet", "tw-mac enroll", "docker run tidewater/agent", "tw setup --from-media"],
             "The first command an administrator runs for the {s} is {v}.",
             ["Which command does an administrator run first for the {s}?",
              "What command would you use to begin a {s} set-up?",
              "Explain which command starts the set-up of the {s}."]),
        ],
    ),
    "Configuration": (
        ["sync interval", "bandwidth cap", "conflict policy", "retention window", "log level"],
        "The {s} is one of the settings in tidewater.toml; this page explains its key and default.",
        [
            (["sync.interval", "net.max_rate", "sync.on_conflict", "store.keep_days", "log.level"],
             "The {s} is read from the key {v} in tidewater.toml.",
             ["Which key in tidewater.toml controls the {s}?",
              "To change the {s}, which key would you configure?",
              "Identify the tidewater.toml key for the {s}."]),
            (["every 5 minutes", "unlimited", "keep both copies", "30 days", "info"],
             "If the key is absent, the {s} defaults to {v}.",
             ["What is the default value of the {s}?",
              "Predict the {s} Tidewater applies when the key is missing.",
              "Which default applies to the {s} when nothing is set?"]),
            (["restart not needed", "applies to new transfers", "applies at next conflict", "applies at midnight purge", "applies immediately to new lines"],
             "A change to the {s} takes effect as follows: {v}.",
             ["When does a change to the {s} take effect?",
              "Explain when an edited {s} takes effect.",
              "How would you describe the moment a new {s} applies?"]),
            (["between 1 and 1440 minutes", "a positive number of kilobits per second", "one of keep-both, newest-wins or ask", "between 1 and 3650 days", "one of error, warn, info or debug"],
             "Valid values for the {s} are {v}.",
             ["Which values are valid for the {s}?",
              "What range of values does Tidewater validate for the {s}?",
              "Choose the statement that describes valid values of the {s}."]),
        ],
    ),
    "Sync engine": (
        ["change journal", "chunk hasher", "delta uploader", "merge planner", "peer discovery"],
        "The {s} is a part of the Tidewater sync engine; this page describes what it does.",
        [
            (["records every local file change", "splits files into content-defined chunks", "sends only changed chunks", "orders pending operations", "finds other agents on the local network"],
             "The {s} {v}.",
             ["What does the {s} do?",
              "Describe the job of the {s}.",
              "Which task does the {s} perform in the sync engine?"]),
            (["SQLite write-ahead log", "BLAKE3", "HTTP/2 streams", "vector clocks", "mDNS"],
             "Internally the {s} relies on {v}.",
             ["Which technique does the {s} rely on internally?",
              "Identify the mechanism the {s} is built on.",
              "What technology would you examine to understand the {s}?"]),
            (["journal.db", "chunks.idx", "outbox/", "plan.log", "peers.json"],
             "The {s} keeps its state in a file named {v} inside the data folder.",
             ["Which file holds the state of the {s}?",
              "Where in the data folder does the {s} keep its state?",
              "Name the state file of the {s}."]),
            (["version 1.0", "version 1.2", "version 2.0", "version 2.3", "version 3.1"],
             "The {s} first shipped in Tidewater {v}.",
             ["In which release did the {s} first ship?",
              "When was the {s} introduced?",
              "Which Tidewater release introduced the {s}?"]),
        ],
    ),
    "Security": (
        ["transport encryption", "at-rest encryption", "device enrolment", "audit trail", "access tokens"],
        "This page explains how Tidewater handles {s}.",
        [
            (["TLS 1.3", "AES-256-GCM", "one-time enrolment codes", "append-only signed records", "short-lived JWTs"],
             "For {s}, Tidewater uses {v}.",
             ["What does Tidewater use for {s}?",
              "Identify the mechanism behind {s} in Tidewater.",
              "Which method would you validate when reviewing {s}?"]),
            (["every connection", "each data folder", "each new laptop", "every admin action", "each API call"],
             "{S} is applied to {v}.",
             ["To what is {s} applied?",
              "Explain the scope of {s} in Tidewater.",
              "Which scope does {s} cover?"]),
            (["90 days", "one year", "15 minutes", "seven years", "one hour"],
             "The key material or record for {s} is rotated or kept for {v}.",
             ["For how long is key material or record kept for {s}?",
              "Which period applies to {s} before rotation or expiry?",
              "Recall the rotation or retention period of {s}."]),
            (["security team", "storage team", "IT helpdesk", "compliance office", "platform team"],
             "Questions about {s} go to the {v}.",
             ["Who owns questions about {s}?",
              "Which team would you contact about {s}?",
              "Whom should an operator ask about {s}?"]),
        ],
    ),
    "Licensing": (
        ["Starter plan", "Team plan", "Business plan", "Enterprise plan", "Education plan"],
        "The {s} is one of Tidewater's licences; this page lists its limits and terms.",
        [
            (["3 devices", "25 devices", "250 devices", "unlimited devices", "500 devices"],
             "The {s} covers up to {v}.",
             ["How many devices does the {s} cover?",
              "Which device limit applies to the {s}?",
              "Identify the device allowance of the {s}."]),
            (["community forum", "email within two days", "phone within four hours", "named engineer", "email within one week"],
             "Support for the {s} is provided through {v}.",
             ["What support comes with the {s}?",
              "Which support channel does the {s} include?",
              "Describe the support terms of the {s}."]),
            (["monthly", "monthly or yearly", "yearly", "multi-year contract", "per academic year"],
             "The {s} is billed {v}.",
             ["How is the {s} billed?",
              "Which billing term applies to the {s}?",
              "Recall the billing cycle of the {s}."]),
            (["no audit log export", "no single sign-on", "no on-premises relay", "no restrictions", "no commercial use"],
             "The main restriction of the {s} is {v}.",
             ["What is the main restriction of the {s}?",
              "Which limitation would you mention when you recommend the {s}?",
              "Evaluate which restriction applies to the {s}."]),
        ],
    ),
    "Troubleshooting": (
        ["stuck uploads", "duplicate files", "slow first sync", "agent crash loop", "expired enrolment"],
        "This page helps you resolve {s}.",
        [
            (["a full outbox folder", "two devices with the same device id", "hashing of very large files", "a corrupted journal.db", "a device offline for over 90 days"],
             "The usual cause of {s} is {v}.",
             ["What usually causes {s}?",
              "Which cause would you investigate first for {s}?",
              "Identify the usual cause of {s}."]),
            (["tw outbox --flush", "tw device --reset-id", "tw hash --resume", "tw journal --rebuild", "tw enroll --renew"],
             "The command that resolves {s} is {v}.",
             ["Which command resolves {s}?",
              "What command would you run to troubleshoot {s}?",
              "Choose the command that fixes {s}."]),
            (["upload.log", "conflicts.log", "hasher.log", "crash.log", "enrol.log"],
             "Evidence of {s} appears in {v}.",
             ["In which log does evidence of {s} appear?",
              "Which log file would you examine for {s}?",
              "Where do you find evidence of {s}?"]),
            (["E104", "E221", "W310", "E502", "E613"],
             "Tidewater reports {s} with the code {v}.",
             ["Which code does Tidewater report for {s}?",
              "What error code indicates {s}?",
              "Recognize the code that signals {s}."]),
        ],
    ),
}

FILLER = [
    "Administrators usually read this page once during roll-out and again when something changes.",
    "The behaviour described here is the same on every supported platform unless noted.",
    "Release notes list any change to these details, so check them before an upgrade.",
    "Support staff refer to this page when they answer tickets about the subject.",
]

FORMATS = ["md", "txt", "md", "html", "md"]


def slug(text):
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-")


def sentence_case(text):
    return text[0].upper() + text[1:]


def write(path, data, mode="w"):
    full = os.path.join(OUT, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, mode, **({} if "b" in mode else {"encoding": "utf-8", "newline": ""})) as f:
        f.write(data)


def docx_bytes(title, paragraphs):
    body = "".join(
        f"<w:p><w:r><w:t xml:space=\"preserve\">{p.replace('&', '&amp;').replace('<', '&lt;')}</w:t></w:r></w:p>"
        for p in [title] + paragraphs
    )
    document = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
        f"<w:body>{body}</w:body></w:document>"
    )
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(zipfile.ZipInfo("[Content_Types].xml", (2026, 1, 1, 0, 0, 0)),
                   '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                   '<Default Extension="xml" ContentType="application/xml"/>'
                   '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>')
        z.writestr(zipfile.ZipInfo("word/document.xml", (2026, 1, 1, 0, 0, 0)), document)
    return buf.getvalue()


def main():
    questions = []  # dicts
    facts_by_query = {}  # query -> list of (question id, fact sentence)
    gold = {}
    templates_of = {}  # question id -> (template, subject, the topic's subjects)
    qn = 0
    for t_index, (topic, (subjects, intro, attributes)) in enumerate(TOPICS.items()):
        for s_index, subject in enumerate(subjects):
            query = f"{slug(topic)}/{slug(subject)}"
            title = f"Tidewater {topic}: {subject}"
            paragraphs = [intro.format(s=subject)]
            facts = []
            for a_index, (values, fact, templates) in enumerate(attributes):
                value = values[s_index]
                sentence = fact.format(s=subject, S=sentence_case(subject), v=value)
                paragraphs.append(sentence)
                qn += 1
                qid = f"tw-{qn:03d}"
                others = [v for i, v in enumerate(values) if i != s_index]
                choices = [value] + rng.sample(others, 3)
                rng.shuffle(choices)
                stem = templates[(s_index + a_index) % len(templates)].format(s=subject)
                stem = sentence_case(stem)
                templates_of[qid] = (templates[(s_index + a_index) % len(templates)], subject, subjects)
                questions.append({
                    "id": qid, "query": query, "topic": topic, "question": stem,
                    "A": choices[0], "B": choices[1], "C": choices[2], "D": choices[3],
                    "answer": "ABCD"[choices.index(value)], "source": sentence,
                })
                facts.append((qid, sentence))
            paragraphs.append(FILLER[(t_index + s_index) % len(FILLER)])
            facts_by_query[query] = facts
            gold[query] = "\n\n".join(paragraphs)
            fmt = "docx" if (t_index, s_index) == (1, 2) else FORMATS[s_index]
            path = f"corpus/{topic}/{slug(subject)}.{fmt}"
            if fmt == "md":
                write(path, f"# {title}\n\n" + "\n\n".join(paragraphs) + "\n")
            elif fmt == "txt":
                write(path, title + "\n\n" + "\n\n".join(paragraphs) + "\n")
            elif fmt == "html":
                body = "".join(f"<p>{p.replace('&', '&amp;').replace('<', '&lt;')}</p>" for p in paragraphs)
                write(path, f"<!doctype html><html><head><title>{title}</title><style>p{{margin:0}}</style></head>"
                            f"<body><h1>{title}</h1>{body}</body></html>\n")
            else:
                write(path, docx_bytes(title, paragraphs), "wb")

    fields = ["id", "query", "topic", "question", "A", "B", "C", "D", "answer", "source"]
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=fields, lineterminator="\n")
    w.writeheader()
    w.writerows(questions)
    write("exam.csv", buf.getvalue())

    topics = list(TOPICS)
    # Answer-mode systems: probability of knowing the answer per topic; otherwise a guess.
    systems = [
        ("Atlas RAG", "letters", [0.92, 0.90, 0.88, 0.90, 0.86, 0.90], {"llm": "large", "retriever": "hybrid"}),
        ("Beacon Search", "text", [0.90, 0.88, 0.55, 0.35, 0.80, 0.60], {"llm": "large", "retriever": "bm25"}),
        ("Cobalt Assist", "json", [0.70, 0.72, 0.74, 0.68, 0.66, 0.70], {"llm": "small", "retriever": "dense"}),
        ("Drift QA", "letters", [0.40, 0.45, 0.80, 0.85, 0.30, 0.50], {"llm": "small", "retriever": "bm25"}),
        ("Echo Bot", "text", [0.10, 0.10, 0.10, 0.10, 0.10, 0.10], {"llm": "small", "retriever": "closed-book"}),
    ]
    manifest = {"exam": "exam.csv", "exam_name": "Tidewater product exam", "corpus": "corpus",
                "answers": [], "articles": [], "gold_articles": "articles/gold.jsonl",
                "gold_outcomes": "articles/gold-outcomes.csv"}
    for name, style, skill, factors in systems:
        rows = []
        for q in questions:
            p = skill[topics.index(q["topic"])]
            roll = rng.random()
            if roll < p:
                letter = q["answer"]
            elif name == "Echo Bot" and roll < p + 0.5:
                letter = "A"  # a position bias the baselines should reveal
            elif roll > 0.97:
                letter = None  # declines
            else:
                letter = rng.choice("ABCD")
            error = ""
            if name == "Drift QA" and rng.random() < 0.03:
                letter, error = None, "timeout after 30 s"
            if letter is None:
                answer = "" if style != "text" else "I could not find this in the documentation."
            elif style == "text":
                text = q[letter]
                answer = rng.choice([text, f"The answer is {text}.", f"{letter}) {text}", text.upper()])
            else:
                answer = letter
            rows.append({"question_id": q["id"], "answer": answer, "error": error,
                         "latency_ms": str(rng.randint(300, 4000))})
        file = f"answers/{slug(name)}.{'json' if style == 'json' else 'csv'}"
        if style == "json":
            write(file, json.dumps([{"id": r["question_id"], "response": r["answer"] or None}
                                    for r in rows], indent=1) + "\n")
        else:
            buf = io.StringIO()
            w = csv.DictWriter(buf, fieldnames=["question_id", "answer", "error", "latency_ms"], lineterminator="\n")
            w.writeheader()
            w.writerows(rows)
            write(file, buf.getvalue())
        manifest["answers"].append({"system": name, "file": file, "factors": factors})

    # EXAM mode: articles per query, and a reader's outcomes on them. The simulated reader
    # answers right with probability 0.9 when the article states the fact, else guesses.
    def outcomes(article_of):
        rows = []
        for q in questions:
            article = article_of(q["query"])
            if article is not None and q["source"] in article and rng.random() < 0.9:
                letter = q["answer"]
            else:
                letter = rng.choice("ABCD")
            rows.append({"question_id": q["id"], "answer": letter})
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=["question_id", "answer"], lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
        return buf.getvalue()

    write("articles/gold.jsonl", "".join(json.dumps({"query": k, "text": v}) + "\n" for k, v in gold.items()))
    write("articles/gold-outcomes.csv", outcomes(gold.get))
    for name, keep, skip_share, factors in [
        ("Scribe Writer", 0.85, 0.0, {"llm": "large", "retriever": "bm25"}),
        ("Brief Writer", 0.45, 0.15, {"llm": "small", "retriever": "bm25"}),
    ]:
        articles = {}
        for query, facts in facts_by_query.items():
            if rng.random() < skip_share:
                continue
            kept = [sentence for _, sentence in facts if rng.random() < keep]
            lead = f"Here is what the documentation says about {query.split('/')[1].replace('-', ' ')}."
            articles[query] = " ".join([lead] + kept)
        base = f"articles/{slug(name)}"
        write(base + ".jsonl", "".join(json.dumps({"query": k, "text": v}) + "\n" for k, v in articles.items()))
        write(base + "-outcomes.csv", outcomes(articles.get))
        manifest["articles"].append({"system": name, "articles": base + ".jsonl",
                                     "outcomes": base + "-outcomes.csv", "factors": factors})
    manifest["nuggets"] = "articles/nuggets.txt"
    write(manifest["nuggets"], nuggets(facts_by_query, gold))
    manifest["formulations"] = "formulations.csv"
    write(manifest["formulations"], formulations(questions, templates_of, gold))
    write("sample.json", json.dumps(manifest, indent=2) + "\n")
    print(f"{len(questions)} questions, {len(gold)} documents, {len(systems)} answer systems")


def nuggets(facts_by_query, gold):
    """TREC-style nuggets: each document's facts are its query's vital nuggets, its opening
    sentence an okay one."""
    lines = ["# query nugget-id vital|okay text (Tidewater sample)"]
    for query, facts in facts_by_query.items():
        intro = gold[query].split("\n\n")[0]
        for k, (_, sentence) in enumerate(facts, start=1):
            lines.append(f"{query} {k} vital {sentence}")
        lines.append(f"{query} {len(facts) + 1} okay {intro}")
    return "\n".join(lines) + "\n"


def words(text):
    return [w for w in "".join(c.lower() if c.isalnum() else " " for c in text).split() if len(w) > 2]


def bm25(documents, k1=0.9, b=0.4):
    """A plain BM25 ranker over {id: text}: returns rank(question) -> ids best first."""
    import math
    tokens = {d: words(t) for d, t in documents.items()}
    average = sum(len(t) for t in tokens.values()) / len(tokens)
    df = {}
    for t in tokens.values():
        for w in set(t):
            df[w] = df.get(w, 0) + 1
    n = len(tokens)

    def rank(question):
        scores = {}
        for d, t in tokens.items():
            score = 0.0
            for w in set(words(question)):
                f = t.count(w)
                if f:
                    idf = math.log(1 + (n - df[w] + 0.5) / (df[w] + 0.5))
                    score += idf * f * (k1 + 1) / (f + k1 * (1 - b + b * len(t) / average))
            scores[d] = score
        return sorted(scores, key=lambda d: (-scores[d], d))
    return rank


def formulations(questions, templates_of, gold):
    """Two questions per document asked three ways, as in a conversation (002): the original
    question as a user would ask it mid-conversation ("it"), a model's rewrite (usually right,
    sometimes naming too little or the wrong subject) and a human rewrite (the exam's question).
    The first turn about a document names its subject already, so its human rewrite is the
    original unchanged. Each is scored by retrieving the corpus with BM25: nDCG@3 with the
    question's document the one relevant (1, 0.63, 0.5 at ranks 1-3, else 0); the answers are
    the three documents retrieved."""
    import math
    frng = random.Random(20261124)
    rank = bm25(gold)
    rows = []
    by_query = {}
    for q in questions:
        by_query.setdefault(q["query"], []).append(q)
    for query, qs in by_query.items():
        for turn, q in enumerate(qs[:2]):
            template, subject, subjects = templates_of[q["id"]]
            human = q["question"]
            if turn == 0:
                original = human
            else:
                original = sentence_case(template.replace("the {s}", "it").replace("a {s}", "it").replace("{s}", "it"))
            roll = frng.random()
            if roll < 0.6:
                rewritten = human
            elif roll < 0.85:
                rewritten = sentence_case(template.format(s=subject.split()[-1]))
            else:
                other = frng.choice([x for x in subjects if x != subject])
                rewritten = sentence_case(template.format(s=other))
            for name, question in [("Original", original), ("Rewritten", rewritten), ("Human", human)]:
                retrieved = rank(question)[:3]
                score = 1 / math.log2(retrieved.index(query) + 2) if query in retrieved else 0.0
                rows.append({"sample": q["id"], "formulation": name, "question": question,
                             "score": f"{score:.4f}", "answers": "|".join(retrieved)})
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=["sample", "formulation", "question", "score", "answers"], lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    return buf.getvalue()


if __name__ == "__main__":
    main()
