-- Version 6: exam generation (METHODS.md §5). A generation is one run of a generator for an exam;
-- each thing it wrote is a candidate, kept whatever became of it: unparsed (with the reason),
-- set aside by a filter (with the reasons), rejected by the reviewer (with theirs), or accepted
-- into the exam's draft (with the question id it got). Edits keep their before and after.

CREATE TABLE generations (
    id          INTEGER PRIMARY KEY,
    exam_id     INTEGER NOT NULL REFERENCES exams(id) ON DELETE CASCADE,
    generator   TEXT NOT NULL CHECK (generator IN ('offline', 'llm', 'endpoint')),
    model       TEXT,
    model_hash  TEXT,
    prompt      TEXT,
    seed        INTEGER NOT NULL,
    settings    TEXT NOT NULL CHECK (json_valid(settings)),
    started_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    finished_at TEXT
);

CREATE TABLE candidates (
    id            INTEGER PRIMARY KEY,
    generation_id INTEGER NOT NULL REFERENCES generations(id) ON DELETE CASCADE,
    -- What the generator was asked for (a chunk's sentence and span, a chunk and an attempt):
    -- starting the generation again skips what it already wrote.
    target        TEXT NOT NULL,
    chunk_id      INTEGER REFERENCES chunks(id) ON DELETE SET NULL,
    source_text   TEXT NOT NULL,
    highlight     TEXT CHECK (highlight IS NULL OR json_valid(highlight)),
    raw           TEXT,
    stem          TEXT,
    choices       TEXT CHECK (choices IS NULL OR (json_valid(choices) AND json_array_length(choices) = 4)),
    key_index     INTEGER CHECK (key_index IS NULL OR key_index BETWEEN 0 AND 3),
    kind          TEXT,
    parse_error   TEXT CHECK (parse_error IS NULL OR json_valid(parse_error)),
    measures      TEXT CHECK (measures IS NULL OR json_valid(measures)),
    flags         TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(flags)),
    status        TEXT NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('unparsed', 'pending', 'accepted', 'rejected')),
    reason        TEXT,
    edits         TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(edits)),
    question_id   TEXT,
    created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    reviewed_at   TEXT,
    UNIQUE (generation_id, target),
    CHECK ((status = 'unparsed') = (stem IS NULL)),
    CHECK ((stem IS NULL) = (choices IS NULL) AND (stem IS NULL) = (key_index IS NULL)),
    CHECK ((status = 'unparsed') = (parse_error IS NOT NULL))
);
CREATE INDEX candidates_by_generation ON candidates (generation_id, id);
