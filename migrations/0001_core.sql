-- Proctor project schema, version 1: corpus, exams, systems, runs and responses.
-- Forward-only: never edit a shipped migration; add a new numbered file instead.

CREATE TABLE topics (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE CHECK (length(trim(name)) > 0)
);

CREATE TABLE documents (
    id           INTEGER PRIMARY KEY,
    name         TEXT NOT NULL,
    source_path  TEXT,
    format       TEXT NOT NULL,
    topic_id     INTEGER REFERENCES topics(id),
    text         TEXT NOT NULL,
    content_hash TEXT NOT NULL UNIQUE,
    imported_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE chunks (
    id          INTEGER PRIMARY KEY,
    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    ordinal     INTEGER NOT NULL,
    text        TEXT NOT NULL,
    start_char  INTEGER NOT NULL,
    end_char    INTEGER NOT NULL,
    UNIQUE (document_id, ordinal)
);

CREATE TABLE exams (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE CHECK (length(trim(name)) > 0),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE exam_versions (
    id         INTEGER PRIMARY KEY,
    exam_id    INTEGER NOT NULL REFERENCES exams(id) ON DELETE CASCADE,
    version    INTEGER NOT NULL CHECK (version >= 1),
    note       TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    frozen_at  TEXT,
    UNIQUE (exam_id, version)
);

CREATE TABLE questions (
    id              INTEGER PRIMARY KEY,
    exam_version_id INTEGER NOT NULL REFERENCES exam_versions(id) ON DELETE CASCADE,
    external_id     TEXT NOT NULL,
    ordinal         INTEGER NOT NULL,
    query           TEXT,
    stem            TEXT NOT NULL CHECK (length(trim(stem)) > 0),
    choices         TEXT NOT NULL CHECK (json_valid(choices)
                                         AND json_array_length(choices) BETWEEN 2 AND 6),
    key_index       INTEGER NOT NULL CHECK (key_index >= 0 AND key_index < json_array_length(choices)),
    topic_id        INTEGER REFERENCES topics(id),
    bloom_auto      TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(bloom_auto)),
    bloom_override  TEXT CHECK (bloom_override IS NULL OR json_valid(bloom_override)),
    qtype_auto      TEXT NOT NULL DEFAULT 'other',
    qtype_override  TEXT,
    source_chunk_id INTEGER REFERENCES chunks(id) ON DELETE SET NULL,
    source_text     TEXT,
    generator       TEXT,
    provenance      TEXT CHECK (provenance IS NULL OR json_valid(provenance)),
    active          INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    UNIQUE (exam_version_id, external_id)
);
CREATE INDEX questions_by_version ON questions (exam_version_id, ordinal);

-- A frozen exam version is what systems sit: its questions' content never changes again.
-- (Category overrides and the active flag are analysis choices, not content, and stay editable.)
CREATE TRIGGER frozen_questions_no_insert BEFORE INSERT ON questions
WHEN (SELECT frozen_at FROM exam_versions WHERE id = NEW.exam_version_id) IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'exam version is frozen');
END;
CREATE TRIGGER frozen_questions_no_update
BEFORE UPDATE OF exam_version_id, external_id, ordinal, query, stem, choices, key_index, source_text
ON questions
WHEN (SELECT frozen_at FROM exam_versions WHERE id = OLD.exam_version_id) IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'exam version is frozen');
END;
CREATE TRIGGER frozen_questions_no_delete BEFORE DELETE ON questions
WHEN (SELECT frozen_at FROM exam_versions WHERE id = OLD.exam_version_id) IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'exam version is frozen');
END;
CREATE TRIGGER frozen_versions_stay_frozen BEFORE UPDATE OF frozen_at ON exam_versions
WHEN OLD.frozen_at IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'exam version is frozen');
END;

CREATE TABLE systems (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE CHECK (length(trim(name)) > 0),
    kind        TEXT NOT NULL CHECK (kind IN ('answers', 'articles', 'endpoint', 'pipeline')),
    description TEXT,
    created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Factor tags (llm=..., retriever=...) for the hierarchical IRT model.
CREATE TABLE system_factors (
    system_id INTEGER NOT NULL REFERENCES systems(id) ON DELETE CASCADE,
    factor    TEXT NOT NULL CHECK (length(trim(factor)) > 0),
    level     TEXT NOT NULL,
    PRIMARY KEY (system_id, factor)
);

-- A sitting of an exam version: a system's own answers, a reader over its articles (EXAM mode),
-- or a reader over the gold articles (mode 'gold', no system).
CREATE TABLE runs (
    id              INTEGER PRIMARY KEY,
    system_id       INTEGER REFERENCES systems(id) ON DELETE CASCADE,
    exam_version_id INTEGER NOT NULL REFERENCES exam_versions(id) ON DELETE CASCADE,
    mode            TEXT NOT NULL CHECK (mode IN ('answers', 'exam', 'gold')),
    source          TEXT,
    started_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    finished_at     TEXT,
    CHECK ((mode = 'gold') = (system_id IS NULL))
);
CREATE UNIQUE INDEX one_run_per_system_and_version ON runs (exam_version_id, mode, ifnull(system_id, 0));

CREATE TABLE responses (
    run_id       INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    question_id  INTEGER NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
    outcome      TEXT NOT NULL CHECK (outcome IN ('chosen', 'unanswered', 'error')),
    choice_index INTEGER CHECK (choice_index IS NULL OR choice_index >= 0),
    raw_text     TEXT,
    evidence     TEXT,
    latency_ms   REAL,
    error        TEXT,
    PRIMARY KEY (run_id, question_id),
    CHECK ((outcome = 'chosen') = (choice_index IS NOT NULL))
) WITHOUT ROWID;

-- EXAM mode: one article per (system, query), written without seeing the questions.
CREATE TABLE articles (
    id        INTEGER PRIMARY KEY,
    system_id INTEGER NOT NULL REFERENCES systems(id) ON DELETE CASCADE,
    query     TEXT NOT NULL,
    text      TEXT NOT NULL,
    UNIQUE (system_id, query)
);

-- The gold article d*_q of each query, for n-EXAM.
CREATE TABLE gold_articles (
    query TEXT PRIMARY KEY,
    text  TEXT NOT NULL
);
